// Never compiled: a .process resource folder.
import StrataDomain
