# Counter, defaultdict, namedtuple and deque used together in a word-frequency program.
from collections import Counter, defaultdict, namedtuple, deque
text = """it was the best of times it was the worst of times
it was the age of wisdom it was the age of foolishness"""
freq = Counter(text.split())
by_count = defaultdict(list)
for w, n in freq.items():
    by_count[n].append(w)
print(sorted(by_count.items(), reverse=True))
Entry = namedtuple("Entry", "word count")
top = [Entry(w, n) for w, n in freq.most_common(4)]
print(top, top[0].word)
recent = deque(maxlen=3)
for w in text.split():
    recent.append(w)
print(list(recent))
