// Planted: a package laid out under src/ (no Sources folder).
import StrataData
