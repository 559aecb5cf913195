import NIOSSL

/// TLS for deployments without a proxy: a PEM certificate chain and its PEM private key
/// (`serve --tls-cert`, `--tls-key`), loaded and checked before the server starts.
public struct ServerTLS: Sendable {
    /// The server's TLS configuration.
    let configuration: TLSConfiguration

    /// Loads the certificate chain at `certificatePath` and the key at `keyPath`.
    ///
    /// - Throws: ``ServerTLSError`` naming the option and the file that cannot be read or is no
    ///   PEM certificate or key. A key that does not belong to the certificate is found at the
    ///   first handshake, which fails.
    public init(certificatePath: String, keyPath: String) throws {
        let chain: [NIOSSLCertificate]
        do {
            chain = try NIOSSLCertificate.fromPEMFile(certificatePath)
        } catch {
            throw ServerTLSError(message: "--tls-cert \(certificatePath): cannot read a PEM certificate (\(error))")
        }
        guard !chain.isEmpty else {
            throw ServerTLSError(message: "--tls-cert \(certificatePath): no PEM certificate in the file")
        }
        let key: NIOSSLPrivateKey
        do {
            key = try NIOSSLPrivateKey(file: keyPath, format: .pem)
        } catch {
            throw ServerTLSError(message: "--tls-key \(keyPath): cannot read a PEM private key (\(error))")
        }
        configuration = TLSConfiguration.makeServerConfiguration(
            certificateChain: chain.map { .certificate($0) }, privateKey: .privateKey(key))
        do {
            _ = try NIOSSLContext(configuration: configuration)
        } catch {
            throw ServerTLSError(message: "--tls-cert \(certificatePath) with --tls-key \(keyPath): unusable (\(error))")
        }
    }
}

/// Why ``ServerTLS`` could not load: one line naming the option and the file.
public struct ServerTLSError: Error, CustomStringConvertible {
    /// The line.
    public let message: String
    /// The line.
    public var description: String { message }
}
