@_spi(Testing) public import StrataData

extension DataLayerFactory {
    public static func inMemory() {}
}
