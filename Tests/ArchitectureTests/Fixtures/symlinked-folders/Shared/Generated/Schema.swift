// Planted: a subfolder of StrataData links here.
import StrataDomain
