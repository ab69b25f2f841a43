# match, case, _ and type are soft keywords: as plain names they parse as usual.
match = 1
case = [match]
_ = case
type = 'int'
match.x = 2
match[0] = 3
match(1)
match (1)
print(match, case, _)
def match(case, _=None):
    return case
class case: pass
x = match if case else _
for match in case: pass
import match
from case import match as _
match, case = 1, 2
match * 2
match + 1
-match
