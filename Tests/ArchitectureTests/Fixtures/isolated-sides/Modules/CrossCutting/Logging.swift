public enum StrataLogging {}
