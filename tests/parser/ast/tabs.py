# Indentation with tabs (consistently), and tabs inside lines.
if x:
	y = 1
	if y:
		z = 2
	else:
		z = 3
def f(a,	b):
	return	a	+	b
class C:
	def m(self):
		pass
		# comment

	x = 1
w = "\ttab in a string	<- literal tab"
if 1:
        a = 1
        if 2:
        	b = 2
