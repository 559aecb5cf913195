import struct StrataCrossCutting.StrataLogging
public import StrataData

public enum DomainFactory {}
