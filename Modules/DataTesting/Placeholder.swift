public enum StrataDataTestingPlaceholder {}
