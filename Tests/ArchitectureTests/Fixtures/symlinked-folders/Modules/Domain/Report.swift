import StrataData
