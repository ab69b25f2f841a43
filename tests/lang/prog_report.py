# A text report: grouping, sorting, aligned columns and totals with str formatting.
sales = [
    ("2024-01", "north", "widget", 12, 3.5), ("2024-01", "south", "gadget", 3, 12.0), ("2024-02", "north", "gadget", 7, 11.5),
    ("2024-02", "east", "widget", 20, 3.25), ("2024-03", "south", "widget", 5, 3.75), ("2024-03", "east", "doohickey", 1, 99.99),
    ("2024-03", "north", "widget", 9, 3.5),
]
by_region = {}
for month, region, product, qty, price in sales:
    by_region.setdefault(region, []).append((month, product, qty, qty * price))
header = f"{'region':<8}|{'month':^9}|{'product':<10}|{'qty':>4}|{'revenue':>9}"
print(header)
print("-" * len(header))
grand = 0
for region in sorted(by_region):
    rows = sorted(by_region[region])
    subtotal = sum(r[3] for r in rows)
    grand += subtotal
    for month, product, qty, rev in rows:
        print(f"{region:<8}|{month:^9}|{product:<10}|{qty:>4}|{rev:>9,.2f}")
    print(f"{'':<8}|{'':^9}|{'subtotal':<10}|{sum(r[2] for r in rows):>4}|{subtotal:>9,.2f}")
print("=" * len(header))
print(f"{'TOTAL':<34}{grand:>9,.2f}")
best = max(sales, key=lambda s: s[3] * s[4])
print("best line: %s %s %s (%.1f%% of total)" % (best[0], best[1], best[2], 100 * best[3] * best[4] / grand))
products = sorted({s[2] for s in sales})
print(", ".join(f"{p}={sum(s[3] for s in sales if s[2] == p)}" for p in products))
