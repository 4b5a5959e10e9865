import SymbolKit

print(standInSymbolKit)
