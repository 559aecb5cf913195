public enum StrataContainerPlaceholder {}
