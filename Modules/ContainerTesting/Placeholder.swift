public enum StrataContainerTestingPlaceholder {}
