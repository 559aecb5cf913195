public enum StrataHostKitPlaceholder {}
