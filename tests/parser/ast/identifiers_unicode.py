# Non-ASCII identifiers (NFKC-normalized) and non-ASCII strings.
été = 1
π = 3.14159
Δx = 0.5
变量 = 'значение'
ﬁle = 'ligature fi normalizes to fi'
ｆｕｌｌ = 'fullwidth'
ℌ = 'black letter H'
名前 = {'キー': '値', 'emoji': '😀', 'mixed': 'aé€😀'}
def fonction_é(паракметр, ñ=été):
    return паракметр + ñ
class Ωmega:
    µ = 'micro sign'
s = 'Ünïcödé' + "日本語" + '''한국어''' + 'עברית' + 'العربية'
t = 'combining: e\u0301' + 'zwj: 👨‍👩‍👧'
