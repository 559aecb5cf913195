public enum StrataStatusKitPlaceholder {}
