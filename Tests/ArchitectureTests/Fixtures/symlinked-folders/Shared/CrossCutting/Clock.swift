// Planted: the target folder is a symbolic link to this folder.
import StrataData
