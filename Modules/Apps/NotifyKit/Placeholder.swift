public enum StrataNotifyKitPlaceholder {}
