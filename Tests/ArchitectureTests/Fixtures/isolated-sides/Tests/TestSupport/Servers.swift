// Test support shared by both sides' tests stands on no side: it may import the client's data layer.
import StrataData

public enum Servers {}
