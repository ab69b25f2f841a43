"""Command-line parsing for tirun programs, compatible with CPython 3.11's argparse.

A program declares what it accepts on an ArgumentParser (add_argument, groups,
mutually exclusive groups, subcommands); parse_args() then maps a list of
strings onto a Namespace, or reports a usage error and exits with status 2.

Parsing happens in two steps: every command-line string is first classified
(an option, a plain argument, or the '--' separator), then runs of plain
strings are shared out among the actions by matching each action's arity
against the classification string.  Help text is produced by HelpFormatter,
which lays usage, paragraphs and argument lists out the way CPython does,
wrapping at $COLUMNS (else the terminal width, else 80) minus 2.
"""

import sys

__version__ = '1.1'
__all__ = [
    'ArgumentParser', 'ArgumentError', 'ArgumentTypeError', 'BooleanOptionalAction',
    'FileType', 'HelpFormatter', 'ArgumentDefaultsHelpFormatter',
    'RawDescriptionHelpFormatter', 'RawTextHelpFormatter', 'MetavarTypeHelpFormatter',
    'Namespace', 'Action', 'ONE_OR_MORE', 'OPTIONAL', 'PARSER', 'REMAINDER',
    'SUPPRESS', 'ZERO_OR_MORE',
]

SUPPRESS = '==SUPPRESS=='
OPTIONAL = '?'
ZERO_OR_MORE = '*'
ONE_OR_MORE = '+'
PARSER = 'A...'
REMAINDER = '...'

# Name of the namespace attribute through which a subcommand hands the strings
# it did not understand back to the parser that invoked it.
_HANDBACK = '_argparse_handback'


# ---------------------------------------------------------------------------
# Small text utilities (tirun has neither `re` nor `textwrap`).
# ---------------------------------------------------------------------------

_BLANKS = ' \t\n\r\x0b\x0c'     # the ASCII whitespace set


def _terminal_columns():
    """Width of the output: $COLUMNS when it is a positive number, else the
    terminal attached to stdout, else 80."""
    import os
    try:
        cols = int(os.environ['COLUMNS'])
    except (KeyError, ValueError):
        cols = 0
    if cols > 0:
        return cols
    try:
        cols = os.get_terminal_size(sys.__stdout__.fileno()).columns
    except (AttributeError, ValueError, OSError):
        cols = 0
    return cols if cols > 0 else 80


def _squash(text):
    """Turn each run of ASCII whitespace into a single blank, then trim."""
    out = []
    gap = False
    for ch in text:
        if ch in _BLANKS:
            gap = True
        else:
            if gap:
                out.append(' ')
                gap = False
            out.append(ch)
    return ''.join(out).strip()


def _limit_blank_lines(text):
    while '\n\n\n' in text:
        text = text.replace('\n\n\n', '\n\n')
    return text


def _wordlike(ch):
    return ch.isalnum() or ch == '_'


def _alphalike(ch):
    return (ch.isalnum() or ch == '_') and not ch.isdecimal()


def _dash_count(text, at):
    end = at
    while end < len(text) and text[end] == '-':
        end += 1
    return end - at


def _dashes_then_word(text, at):
    """True when text[at:] is two or more dashes directly followed by a word character."""
    run = _dash_count(text, at)
    return run >= 2 and at + run < len(text) and _wordlike(text[at + run])


def _attaches_dash(ch):
    """Characters after which a '--' counts as a dash between words."""
    return _wordlike(ch) or ch in '!"\'&.,?'


def _can_break_after_hyphen(text, at):
    """Whether a word may be split just after the hyphen text[at]."""
    size = len(text)

    def alpha(k):
        return 0 <= k < size and _alphalike(text[k])

    behind = (at >= 2 and alpha(at - 2) and alpha(at - 1)) or \
             (at >= 3 and alpha(at - 3) and text[at - 2] == '-' and alpha(at - 1))
    if not behind or not alpha(at + 1):
        return False
    return alpha(at + 2) or (at + 2 < size and text[at + 2] == '-' and alpha(at + 3))


def _end_of_word(text, start):
    size = len(text)
    at = start + 1
    while True:
        if at >= size or text[at] in _BLANKS:
            return at
        if text[at] == '-' and _can_break_after_hyphen(text, at):
            return at + 1
        if _attaches_dash(text[at - 1]) and _dashes_then_word(text, at):
            return at
        at += 1


def _wrap_units(text):
    """Cut text into the indivisible pieces line filling works with: blank
    runs, words (hyphenated words split after their hyphens) and '--' dashes."""
    units = []
    size = len(text)
    at = 0
    while at < size:
        ch = text[at]
        if ch in _BLANKS:
            end = at + 1
            while end < size and text[end] in _BLANKS:
                end += 1
        elif ch == '-' and at > 0 and _attaches_dash(text[at - 1]) and _dashes_then_word(text, at):
            end = at + _dash_count(text, at)
        else:
            end = _end_of_word(text, at)
        units.append(text[at:end])
        at = end
    return units


def _wrap(text, width, first_indent='', other_indent=''):
    """Greedy line filling: lines (indent included) of at most `width` columns;
    over-long words are cut, after a hyphen where possible."""
    units = _wrap_units(text)
    lines = []
    k = 0
    while k < len(units):
        indent = other_indent if lines else first_indent
        room = width - len(indent)
        if lines and not units[k].strip():
            k += 1      # a blank piece never starts a continuation line
        row = []
        used = 0
        while k < len(units) and used + len(units[k]) <= room:
            row.append(units[k])
            used += len(units[k])
            k += 1
        if k < len(units) and len(units[k]) > room:
            space = room - used if room >= 1 else 1
            big = units[k]
            cut = space
            dash = big.rfind('-', 0, space)
            if dash > 0 and big[:dash].strip('-'):
                cut = dash + 1
            row.append(big[:cut])
            units[k] = big[cut:]
        if row and not row[-1].strip():
            row.pop()
        if row:
            lines.append(indent + ''.join(row))
    return lines


def _bracket_span_end(text, start, closer):
    """End of a bracketed usage chunk that opens at text[start]: the chunk runs
    to the first `closer` whose run of closers is followed by whitespace or the
    end of the text.  None when there is no such closer on this line."""
    size = len(text)
    at = start + 1
    while at < size:
        if text[at] == closer:
            stop = at
            while stop < size and text[stop] == closer:
                stop += 1
            if stop == size or text[stop].isspace():
                return stop
        if text[at] == '\n':
            return None
        at += 1
    return None


def _usage_chunks(text):
    """Split a usage line into the pieces that must stay on one line: a
    bracketed or parenthesised group, or else a run of non-blank characters."""
    chunks = []
    size = len(text)
    at = 0
    while at < size:
        ch = text[at]
        if ch.isspace():
            at += 1
            continue
        end = None
        if ch == '(':
            end = _bracket_span_end(text, at, ')')
        elif ch == '[':
            end = _bracket_span_end(text, at, ']')
        if end is None:
            end = at
            while end < size and not text[end].isspace():
                end += 1
        chunks.append(text[at:end])
        at = end
    return chunks


def _tidy_brackets(text):
    """Remove blanks just inside brackets and bracket pairs enclosing nothing."""
    size = len(text)
    kept = []
    at = 0
    while at < size:
        kept.append(text[at])
        if text[at] in '[(' and at + 1 < size and text[at + 1] == ' ':
            at += 2
        else:
            at += 1
    text = ''.join(kept)
    size = len(text)
    kept = [ch for pos, ch in enumerate(text)
            if not (ch == ' ' and pos + 1 < size and text[pos + 1] in '])')]
    text = ''.join(kept)
    size = len(text)
    kept = []
    at = 0
    while at < size:
        if text[at] in '[(':
            probe = at + 1
            while probe < size and text[probe] == ' ':
                probe += 1
            if probe < size and text[probe] in '])':
                at = probe + 1
                continue
        kept.append(text[at])
        at += 1
    return ''.join(kept).strip()


def _pack_rows(chunks, first_col, next_col, limit):
    """Distribute chunks over rows, starting a new row (at next_col) whenever
    the next chunk would pass column `limit`."""
    rows = []
    row = []
    col = first_col
    for chunk in chunks:
        if row and col + len(chunk) > limit:
            rows.append(row)
            row = []
            col = next_col
        row.append(chunk)
        col += len(chunk) + 1
    if row:
        rows.append(row)
    return rows


def _hidden(value):
    """True for the SUPPRESS marker."""
    return value is SUPPRESS


def _is_positional(action):
    return not action.option_strings


def _type_label(action):
    kind = action.type
    return kind.__name__


def _looks_negative(text):
    """'-5', '-.5', '-1.25': strings that read as negative numbers."""
    if text.endswith('\n'):
        text = text[:-1]
    if len(text) < 2 or text[0] != '-':
        return False
    whole, dot, frac = text[1:].partition('.')
    if not dot:
        return whole.isdecimal()
    return (not whole or whole.isdecimal()) and frac.isdecimal()


# ---------------------------------------------------------------------------
# Help formatting
# ---------------------------------------------------------------------------

class _Outline(object):
    """A node of the help document: an optional heading and its entries."""

    def __init__(self, heading, parent):
        self.heading = heading
        self.parent = parent
        self.entries = []


class HelpFormatter:
    """Lays out usage lines, paragraphs and argument lists for parser help.

    The parser feeds it sections and items through the public methods; the
    text is only produced by format_help(), once the width of the widest
    argument invocation (which fixes the help column) is known."""

    def __init__(self, prog, indent_increment=2, max_help_position=24, width=None):
        if width is None:
            width = _terminal_columns() - 2
        self._prog = prog
        self._step = indent_increment
        self._width = width
        self._help_col_limit = min(max_help_position, max(width - 20, 2 * indent_increment))
        self._tree = _Outline(None, None)
        self._open = self._tree
        self._depth = 0
        self._widest = 0

    # -- building the outline ------------------------------------------------

    def start_section(self, heading):
        section = _Outline(heading, self._open)
        self._open.entries.append(('section', section))
        self._open = section
        self._depth += 1

    def end_section(self):
        self._open = self._open.parent
        self._depth -= 1

    def add_text(self, text):
        if text is None or _hidden(text):
            return
        self._open.entries.append(('text', text))

    def add_usage(self, usage, actions, groups, prefix=None):
        if not _hidden(usage):
            self._open.entries.append(('usage', (usage, actions, groups, prefix)))

    def add_argument(self, action):
        if _hidden(action.help):
            return
        labels = [self._invocation(action)]
        for child in self._children_of(action):
            labels.append(self._invocation(child))
        longest = max([len(label) for label in labels])
        self._widest = max(self._widest, longest + self._depth * self._step)
        self._open.entries.append(('action', action))

    def add_arguments(self, actions):
        for action in actions:
            self.add_argument(action)

    def format_help(self):
        text = self._render(self._tree, 0)
        if text:
            text = _limit_blank_lines(text).strip('\n') + '\n'
        return text

    # -- hooks the formatter variants override ---------------------------------

    def _fill_paragraph(self, text, width, indent):
        return '\n'.join(_wrap(_squash(text), width, indent, indent))

    def _help_lines(self, text, width):
        return _wrap(_squash(text), width)

    def _help_template(self, action):
        return action.help

    def _positional_metavar(self, action):
        return action.dest

    def _optional_metavar(self, action):
        name = action.dest
        return name.upper()

    # -- rendering -------------------------------------------------------------

    def _render(self, node, depth):
        margin = depth * self._step
        pieces = []
        for kind, item in node.entries:
            if kind == 'section':
                pieces.append(self._render(item, depth + 1))
            elif kind == 'text':
                pieces.append(self._render_text(item, margin))
            elif kind == 'usage':
                pieces.append(self._render_usage(item, margin))
            else:
                pieces.append(self._render_entry(item, margin))
        body = ''.join([piece for piece in pieces if piece])
        if not body:
            return ''
        title = ''
        if node.heading is not None and not _hidden(node.heading):
            title = '%s%s:\n' % (' ' * (margin - self._step), node.heading)
        return '\n' + title + body + '\n'

    def _render_text(self, text, margin):
        if '%(prog)' in text:
            text = text % {'prog': self._prog}
        width = max(self._width - margin, 11)
        return self._fill_paragraph(text, width, ' ' * margin) + '\n\n'

    def _children_of(self, action):
        lister = getattr(action, '_help_children', None)
        return lister() if lister is not None else []

    def _names_for(self, action, fallback, count):
        shown, options = action.metavar, action.choices
        if shown is None:
            if options is None:
                shown = fallback
            else:
                shown = '{%s}' % ','.join([str(choice) for choice in options])
        if isinstance(shown, tuple):
            return shown
        return (shown,) * count

    def _args_text(self, action, fallback):
        """How the values an action consumes are shown, e.g. 'X [X ...]'."""
        nargs = action.nargs
        if nargs is None:
            return '%s' % self._names_for(action, fallback, 1)
        if nargs == OPTIONAL:
            return '[%s]' % self._names_for(action, fallback, 1)
        if nargs == ZERO_OR_MORE:
            names = self._names_for(action, fallback, 1)
            template = '[%s [%s ...]]' if len(names) == 2 else '[%s ...]'
            return template % names
        if nargs == ONE_OR_MORE:
            return '%s [%s ...]' % self._names_for(action, fallback, 2)
        if nargs == REMAINDER:
            return '...'
        if nargs == PARSER:
            return '%s ...' % self._names_for(action, fallback, 1)
        if nargs == SUPPRESS:
            return ''
        try:
            slots = ['%s'] * nargs
        except TypeError:
            raise ValueError('invalid nargs value') from None
        return ' '.join(slots) % self._names_for(action, fallback, nargs)

    def _invocation(self, action):
        """The left-hand column of an argument's help entry."""
        if _is_positional(action):
            shown, = self._names_for(action, self._positional_metavar(action), 1)
            return shown
        if action.nargs == 0:
            return ', '.join(action.option_strings)
        tail = self._args_text(action, self._optional_metavar(action))
        return ', '.join(['%s %s' % (flag, tail) for flag in action.option_strings])

    def _interpolate_help(self, action):
        values = dict(vars(action))
        values['prog'] = self._prog
        table = {}
        for key in values:
            value = values[key]
            if _hidden(value):
                continue
            if hasattr(value, '__name__'):
                value = value.__name__
            table[key] = value
        if table.get('choices') is not None:
            table['choices'] = ', '.join([str(choice) for choice in table['choices']])
        return self._help_template(action) % table

    def _render_entry(self, action, margin):
        column = min(self._widest + 2, self._help_col_limit)
        text_width = max(self._width - column, 11)
        label_width = column - margin - 2
        label = self._invocation(action)
        if not action.help:
            head = ' ' * margin + label + '\n'
        elif len(label) <= label_width:
            head = ' ' * margin + label.ljust(label_width) + '  '
            first_pad = 0
        else:
            head = ' ' * margin + label + '\n'
            first_pad = column
        out = [head]
        blurb = action.help
        if blurb and blurb.strip():
            text = self._interpolate_help(action)
            if text:
                lines = self._help_lines(text, text_width)
                out.append(' ' * first_pad + lines[0] + '\n')
                for line in lines[1:]:
                    out.append(' ' * column + line + '\n')
        elif not head.endswith('\n'):
            out.append('\n')
        for child in self._children_of(action):
            out.append(self._render_entry(child, margin + self._step))
        return ''.join(out)

    def _usage_line(self, actions, groups):
        """Usage text for the given actions, with exclusive groups bracketed."""
        marks = {}
        grouped = set()
        for grp in groups:
            members = grp._members
            if not members:
                raise ValueError(f'empty group {grp}')
            try:
                first = actions.index(members[0])
            except ValueError:
                continue
            last = first + len(members)
            if actions[first:last] != members:
                continue
            visible = 0
            for member in members:
                grouped.add(member)
                if not _hidden(member.help):
                    visible += 1
            if not grp.required:
                pair = '[]'
            elif visible > 1:
                pair = '()'
            else:
                pair = None
            if pair is not None:
                marks[first] = marks[first] + ' ' + pair[0] if first in marks else pair[0]
                marks[last] = marks[last] + pair[1] if last in marks else pair[1]
            for pos in range(first + 1, last):
                marks[pos] = '|'

        words = []
        for pos, action in enumerate(actions):
            if _hidden(action.help):
                words.append(None)
                if marks.get(pos) == '|':
                    del marks[pos]
                elif marks.get(pos + 1) == '|':
                    del marks[pos + 1]
            elif _is_positional(action):
                word = self._args_text(action, self._positional_metavar(action))
                if action in grouped and word[:1] == '[' and word[-1:] == ']':
                    word = word[1:-1]
                words.append(word)
            else:
                flag = action.option_strings[0]
                if action.nargs == 0:
                    word = action.format_usage()
                else:
                    word = '%s %s' % (flag, self._args_text(action, self._optional_metavar(action)))
                if not action.required and action not in grouped:
                    word = '[%s]' % word
                words.append(word)

        sequence = []
        for pos in range(len(actions) + 1):
            if pos in marks:
                sequence.append(marks[pos])
            if pos < len(actions) and words[pos] is not None:
                sequence.append(words[pos])
        return _tidy_brackets(' '.join(sequence))

    def _render_usage(self, spec, margin):
        usage, actions, groups, prefix = spec
        if prefix is None:
            prefix = 'usage: '
        if usage is not None:
            body = usage % {'prog': self._prog}
        elif not actions:
            body = '%s' % (self._prog,)
        else:
            body = self._build_usage(actions, groups, prefix, margin)
        return '%s%s\n\n' % (prefix, body)

    def _build_usage(self, actions, groups, prefix, margin):
        prog = '%s' % (self._prog,)
        flags = [action for action in actions if action.option_strings]
        places = [action for action in actions if not action.option_strings]
        whole = self._usage_line(flags + places, groups)
        body = ' '.join([part for part in (prog, whole) if part])
        limit = self._width - margin
        if len(prefix) + len(body) <= limit:
            return body

        flag_text = self._usage_line(flags, groups)
        place_text = self._usage_line(places, groups)
        flag_chunks = _usage_chunks(flag_text)
        place_chunks = _usage_chunks(place_text)
        assert ' '.join(flag_chunks) == flag_text
        assert ' '.join(place_chunks) == place_text

        if len(prefix) + len(prog) <= 0.75 * limit:
            # continuation lines line up under the first argument
            pad = len(prefix) + len(prog) + 1
            if flag_chunks:
                rows = _pack_rows([prog] + flag_chunks, len(prefix), pad, limit)
                rows += _pack_rows(place_chunks, pad, pad, limit)
            elif place_chunks:
                rows = _pack_rows([prog] + place_chunks, len(prefix), pad, limit)
            else:
                rows = [[prog]]
            lines = [' '.join(rows[0])]
            lines += [' ' * pad + ' '.join(row) for row in rows[1:]]
        else:
            # the program name takes a line of its own
            pad = len(prefix)
            rows = _pack_rows(flag_chunks + place_chunks, pad, pad, limit)
            if len(rows) > 1:
                rows = _pack_rows(flag_chunks, pad, pad, limit)
                rows += _pack_rows(place_chunks, pad, pad, limit)
            lines = [prog] + [' ' * pad + ' '.join(row) for row in rows]
        return '\n'.join(lines)


class RawDescriptionHelpFormatter(HelpFormatter):
    """Keeps the description and epilog exactly as written."""

    def _fill_paragraph(self, text, width, indent):
        return ''.join([indent + line for line in text.splitlines(True)])


class RawTextHelpFormatter(RawDescriptionHelpFormatter):
    """Keeps all help text (descriptions and argument help) as written."""

    def _help_lines(self, text, width):
        return text.splitlines()


class ArgumentDefaultsHelpFormatter(HelpFormatter):
    """Appends each argument's default value to its help text."""

    def _help_template(self, action):
        text = action.help
        if '%(default)' not in text and not _hidden(action.default):
            if action.option_strings or action.nargs in (OPTIONAL, ZERO_OR_MORE):
                text += ' (default: %(default)s)'
        return text


class MetavarTypeHelpFormatter(HelpFormatter):
    """Names argument values after their type (e.g. 'int') instead of their dest."""

    def _positional_metavar(self, action):
        return _type_label(action)

    def _optional_metavar(self, action):
        return _type_label(action)


# ---------------------------------------------------------------------------
# Errors, Namespace, actions
# ---------------------------------------------------------------------------

def _action_label(action):
    """How error messages name an argument: its option strings, else its
    metavar, dest or choices."""
    if action is None:
        return None
    if action.option_strings:
        return '/'.join(action.option_strings)
    if action.metavar not in (None, SUPPRESS):
        return action.metavar
    if action.dest not in (None, SUPPRESS):
        return action.dest
    if action.choices:
        return '{' + ','.join(action.choices) + '}'
    return None


class ArgumentError(Exception):
    """A problem with one argument (or, with argument None, a general one)."""

    def __init__(self, argument, message):
        Exception.__init__(self, argument, message)
        self.argument_name = _action_label(argument)
        self.message = message

    def __str__(self):
        name = self.argument_name
        if name is None:
            return '%s' % (self.message,)
        return 'argument %s: %s' % (name, self.message)


class ArgumentTypeError(Exception):
    """Raise from a type= function to report a bad value with your own text."""


class _Reprable(object):
    """repr() as Name(positional..., key=value, ...)."""

    def _repr_positional(self):
        return []

    def _repr_named(self):
        return list(vars(self).items())

    def __repr__(self):
        shown = [repr(value) for value in self._repr_positional()]
        odd = {}
        for key, value in self._repr_named():
            if key.isidentifier():
                shown.append('%s=%r' % (key, value))
            else:
                odd[key] = value
        if odd:
            shown.append('**%r' % (odd,))
        return '%s(%s)' % (type(self).__name__, ', '.join(shown))


class Namespace(_Reprable):
    """A plain object holding the parsed values as attributes."""

    def __init__(self, **kwargs):
        for key in kwargs:
            setattr(self, key, kwargs[key])

    def __eq__(self, other):
        if isinstance(other, Namespace):
            return self.__dict__ == other.__dict__
        return NotImplemented

    def __contains__(self, key):
        return key in vars(self)


def _fresh_list(current):
    """A copy of an accumulated value that can be appended to."""
    if current is None:
        return []
    if type(current) is list:
        return current[:]
    try:
        import copy
    except ImportError:
        duplicate = getattr(current, 'copy', None)
        return duplicate() if callable(duplicate) else current
    return copy.copy(current)


_ACTION_FIELDS = ('option_strings', 'dest', 'nargs', 'const', 'default', 'type',
                  'choices', 'required', 'help', 'metavar')


class Action(_Reprable):
    """What to do with an argument once its strings have been collected.

    Subclasses implement __call__(parser, namespace, values, option_string)."""

    def __init__(self, option_strings, dest, nargs=None, const=None, default=None, type=None,
                 choices=None, required=False, help=None, metavar=None):
        settings = (option_strings, dest, nargs, const, default, type,
                    choices, required, help, metavar)
        for field, value in zip(_ACTION_FIELDS, settings):
            setattr(self, field, value)

    def _repr_named(self):
        return [(field, getattr(self, field)) for field in _ACTION_FIELDS]

    def format_usage(self):
        first, *_ = self.option_strings
        return first

    def _put(self, namespace, value):
        setattr(namespace, self.dest, value)

    def _grow(self, namespace, more, extend=False):
        """Store a copy of the destination list with `more` added to it."""
        bucket = _fresh_list(getattr(namespace, self.dest, None))
        if extend:
            bucket.extend(more)
        else:
            bucket.append(more)
        self._put(namespace, bucket)

    def __call__(self, parser, namespace, values, option_string=None):
        raise NotImplementedError('.__call__() not defined')


class BooleanOptionalAction(Action):
    """A --flag / --no-flag pair storing True or False."""

    def __init__(self, option_strings, dest, default=None, type=None, choices=None,
                 required=False, help=None, metavar=None):
        spelled = []
        for flag in option_strings:
            spelled.append(flag)
            if flag.startswith('--'):
                spelled.append('--no-' + flag[2:])
        super().__init__(option_strings=spelled, dest=dest, nargs=0, default=default, type=type,
                         choices=choices, required=required, help=help, metavar=metavar)

    def __call__(self, parser, namespace, values, option_string=None):
        if option_string not in self.option_strings:
            return
        self._put(namespace, option_string[:5] != '--no-')

    def format_usage(self):
        return ' | '.join([flag for flag in self.option_strings])


class _ValueTaker(Action):
    """Base of the actions whose values come from the command line."""

    _zero_nargs_message = ''

    def __init__(self, option_strings, dest, nargs=None, const=None, default=None, type=None,
                 choices=None, required=False, help=None, metavar=None):
        if nargs == 0:
            raise ValueError(self._zero_nargs_message)
        if nargs != OPTIONAL and const is not None:
            raise ValueError('nargs must be %r to supply const' % OPTIONAL)
        super().__init__(option_strings=option_strings, dest=dest, nargs=nargs, const=const,
                         default=default, type=type, choices=choices, required=required,
                         help=help, metavar=metavar)


class _StoreAction(_ValueTaker):

    _zero_nargs_message = ('nargs for store actions must be != 0; if you '
                           'have nothing to store, actions such as store '
                           'true or store const may be more appropriate')

    def __call__(self, parser, namespace, values, option_string=None):
        self._put(namespace, values)


class _AppendAction(_ValueTaker):

    _zero_nargs_message = ('nargs for append actions must be != 0; if arg '
                           'strings are not supplying the value to append, '
                           'the append const action may be more appropriate')

    def __call__(self, parser, namespace, values, option_string=None):
        self._grow(namespace, values)


class _ExtendAction(_AppendAction):

    def __call__(self, parser, namespace, values, option_string=None):
        self._grow(namespace, values, extend=True)


class _NoValueAction(Action):
    """Base of the actions that consume no command-line strings (nargs=0)."""

    def __init__(self, option_strings, dest, **settings):
        super().__init__(option_strings, dest, nargs=0, **settings)


class _StoreConstAction(_NoValueAction):

    def __init__(self, option_strings, dest, const=None, default=None, required=False,
                 help=None, metavar=None):
        # CPython 3.11 accepts a metavar here but does not keep it
        super().__init__(option_strings, dest, const=const, default=default,
                         required=required, help=help)

    def __call__(self, parser, namespace, values, option_string=None):
        self._put(namespace, self.const)


class _StoreTrueAction(_StoreConstAction):

    def __init__(self, option_strings, dest, default=False, required=False, help=None):
        super().__init__(option_strings, dest, True, default, required, help)


class _StoreFalseAction(_StoreConstAction):

    def __init__(self, option_strings, dest, default=True, required=False, help=None):
        super().__init__(option_strings, dest, False, default, required, help)


class _AppendConstAction(_NoValueAction):

    def __init__(self, option_strings, dest, const=None, default=None, required=False,
                 help=None, metavar=None):
        super().__init__(option_strings, dest, const=const, default=default,
                         required=required, help=help, metavar=metavar)

    def __call__(self, parser, namespace, values, option_string=None):
        self._grow(namespace, self.const)


class _CountAction(_NoValueAction):

    def __init__(self, option_strings, dest, default=None, required=False, help=None):
        super().__init__(option_strings, dest, default=default, required=required, help=help)

    def __call__(self, parser, namespace, values, option_string=None):
        so_far = getattr(namespace, self.dest, None)
        self._put(namespace, (0 if so_far is None else so_far) + 1)


class _HelpAction(_NoValueAction):

    def __init__(self, option_strings, dest=SUPPRESS, default=SUPPRESS, help=None):
        super().__init__(option_strings, dest, default=default, help=help)

    def __call__(self, parser, namespace, values, option_string=None):
        parser.print_help()
        parser.exit()


class _VersionAction(_NoValueAction):

    def __init__(self, option_strings, version=None, dest=SUPPRESS, default=SUPPRESS,
                 help="show program's version number and exit"):
        super().__init__(option_strings, dest, default=default, help=help)
        self.version = version

    def __call__(self, parser, namespace, values, option_string=None):
        text = self.version
        if text is None:
            text = parser.version
        layout = parser._new_formatter()
        layout.add_text(text)
        parser._emit(layout.format_help(), sys.stdout)
        parser.exit()


class _CommandEntry(Action):
    """Stands for one subcommand in the help listing of a subparsers action."""

    def __init__(self, name, aliases, blurb):
        label = name
        if aliases:
            label += ' (%s)' % ', '.join(aliases)
        super().__init__(option_strings=[], dest=name, help=blurb, metavar=label)


class _SubParsersAction(Action):

    def __init__(self, option_strings, prog, parser_class, dest=SUPPRESS, required=False,
                 help=None, metavar=None):
        self._command_prefix = prog
        self._make_parser = parser_class
        self._commands = {}
        self._listed = []
        super().__init__(option_strings=option_strings, dest=dest, nargs=PARSER,
                         choices=self._commands, required=required, help=help, metavar=metavar)

    def add_parser(self, name, **kwargs):
        if kwargs.get('prog', None) is None:
            kwargs['prog'] = '%s %s' % (self._command_prefix, name)
        aliases = kwargs.pop('aliases', None) or ()
        if name in self._commands:
            raise ArgumentError(self, 'conflicting subparser: %s' % name)
        for alias in aliases:
            if alias in self._commands:
                raise ArgumentError(self, 'conflicting subparser alias: %s' % alias)
        if 'help' in kwargs:
            self._listed.append(_CommandEntry(name, aliases, kwargs.pop('help')))
        parser = self._make_parser(**kwargs)
        for key in (name,) + tuple(aliases):
            self._commands[key] = parser
        return parser

    def _help_children(self):
        return self._listed

    def __call__(self, parser, namespace, values, option_string=None):
        name = values[0]
        if not _hidden(self.dest):
            self._put(namespace, name)
        if name not in self._commands:
            raise ArgumentError(self, 'unknown parser %r (choices: %s)'
                                % (name, ', '.join(self._commands)))
        # The subcommand starts from its own defaults, which then win over
        # anything already in the namespace.
        inner, unknown = self._commands[name].parse_known_args(values[1:], None)
        for attr, got in vars(inner).items():
            setattr(namespace, attr, got)
        if unknown:
            if not hasattr(namespace, _HANDBACK):
                setattr(namespace, _HANDBACK, [])
            getattr(namespace, _HANDBACK).extend(unknown)


class FileType(object):
    """A type= factory that opens the named file ('-' means stdin/stdout)."""

    def __init__(self, mode='r', bufsize=-1, encoding=None, errors=None):
        self._file_mode = mode
        self._buffering = bufsize
        self._file_encoding = encoding
        self._file_errors = errors

    def __call__(self, string):
        mode = self._file_mode
        if string == '-':
            if 'r' in mode:
                return sys.stdin.buffer if 'b' in mode else sys.stdin
            if 'w' in mode or 'a' in mode or 'x' in mode:
                return sys.stdout.buffer if 'b' in mode else sys.stdout
            raise ValueError('argument "-" with mode %r' % mode)
        try:
            return open(string, mode, self._buffering, self._file_encoding, self._file_errors)
        except OSError as exc:
            raise ArgumentTypeError("can't open '%s': %s" % (string, exc))

    def __repr__(self):
        shown = [repr(value) for value in (self._file_mode, self._buffering) if value != -1]
        for key, value in (('encoding', self._file_encoding), ('errors', self._file_errors)):
            if value is not None:
                shown.append('%s=%r' % (key, value))
        return '%s(%s)' % (type(self).__name__, ', '.join(shown))


# ---------------------------------------------------------------------------
# Argument containers: the parser and its groups
# ---------------------------------------------------------------------------

class _Book(object):
    """Everything a parser and its groups register, held in one place."""

    def __init__(self):
        self.actions = []
        self.by_option = {}             # option string -> action
        self.defaults = {}              # from set_defaults() and parents
        self.exclusive = []             # mutually exclusive groups
        self.numeric_options = False    # is any option string like '-1'?
        self.registry = {
            'action': {
                None: _StoreAction,
                'store': _StoreAction,
                'store_const': _StoreConstAction,
                'store_true': _StoreTrueAction,
                'store_false': _StoreFalseAction,
                'append': _AppendAction,
                'append_const': _AppendConstAction,
                'count': _CountAction,
                'help': _HelpAction,
                'version': _VersionAction,
                'parsers': _SubParsersAction,
                'extend': _ExtendAction,
            },
            'type': {},
        }


def _check_handler(name):
    if name not in ('error', 'resolve'):
        raise ValueError('invalid conflict_resolution value: %r' % name)


class _ArgumentHost(object):
    """What ArgumentParser and argument groups have in common: declaring
    arguments, groups and defaults."""

    def register(self, registry_name, value, object):
        self._book.registry.setdefault(registry_name, {})[value] = object

    def _lookup(self, kind, key, fallback=None):
        return self._book.registry[kind].get(key, fallback)

    def set_defaults(self, **kwargs):
        self._book.defaults.update(kwargs)
        for known in self._book.actions:
            if known.dest in kwargs:
                known.default = kwargs[known.dest]

    def get_default(self, dest):
        for known in self._book.actions:
            if known.default is not None and known.dest == dest:
                return known.default
        return self._book.defaults.get(dest)

    def add_argument(self, *args, **kwargs):
        """Declare an argument: one bare name for a positional, or option
        strings such as '-v', '--verbose'; keywords configure the action."""
        named = len(args) != 1 or args[0][0] in self.prefix_chars
        if args and named:
            spec = self._option_spec(args, kwargs)
        else:
            if 'dest' in kwargs and args:
                raise ValueError('dest supplied twice for positional argument')
            spec = self._positional_spec(args, kwargs)

        if 'default' not in spec:
            preset = self._book.defaults
            fallback = self.argument_default
            if spec['dest'] in preset:
                spec['default'] = preset[spec['dest']]
            elif fallback is not None:
                spec['default'] = fallback

        chosen = spec.pop('action', None)
        factory = self._lookup('action', chosen, chosen)
        if not callable(factory):
            raise ValueError('unknown action "%s"' % (factory,))
        action = factory(**spec)

        converter = self._lookup('type', action.type, action.type)
        if not callable(converter):
            raise ValueError('%r is not callable' % (converter,))
        if converter is FileType:
            raise ValueError('%r is a FileType class object, instance of it'
                             ' must be passed' % (converter,))
        self._check_layout(action)
        return self._attach(action)

    def _check_layout(self, action):
        pass

    def _positional_spec(self, args, kwargs):
        spec = dict(kwargs)
        if args:
            dest = args[0]
        elif 'dest' in spec:
            dest = spec.pop('dest')
        else:
            raise TypeError("_ActionsContainer._get_positional_kwargs() missing 1 "
                            "required positional argument: 'dest'")
        if 'required' in spec:
            raise TypeError("'required' is an invalid argument for positionals")
        nargs = spec.get('nargs')
        if nargs == OPTIONAL or (nargs == ZERO_OR_MORE and 'default' in spec):
            pass
        else:
            spec['required'] = True
        spec['dest'] = dest
        spec['option_strings'] = []
        return spec

    def _option_spec(self, args, kwargs):
        spec = dict(kwargs)
        flags = []
        long_flags = []
        for flag in args:
            if not flag[0] in self.prefix_chars:
                raise ValueError('invalid option string %(option)r: must start with a character '
                                 '%(prefix_chars)r' % {'option': flag, 'prefix_chars': self.prefix_chars})
            flags.append(flag)
            if len(flag) > 1 and flag[1] in self.prefix_chars:
                long_flags.append(flag)
        dest = spec.pop('dest', None)
        if dest is None:
            source = (long_flags or flags)[0]
            bare = source.lstrip(self.prefix_chars)
            if not bare:
                raise ValueError('dest= is required for options like %r' % (args[-1],))
            dest = '_'.join(bare.split('-'))
        spec['dest'] = dest
        spec['option_strings'] = flags
        return spec

    def add_argument_group(self, *args, **kwargs):
        section = _ArgumentGroup(self, *args, **kwargs)
        self._groups.append(section)
        return section

    def add_mutually_exclusive_group(self, **kwargs):
        rivals = _MutuallyExclusiveGroup(self, **kwargs)
        self._book.exclusive.append(rivals)
        return rivals


class _ArgumentGroup(_ArgumentHost):
    """A titled section of the help; the arguments still belong to the parser."""

    def __init__(self, host, title=None, description=None, **options):
        inherited = ('conflict_handler', 'prefix_chars', 'argument_default')
        for key in options:
            if key not in inherited:
                raise TypeError('__init__() got an unexpected keyword argument %r' % (key,))
        for key in inherited:
            setattr(self, key, options[key] if key in options else getattr(host, key))
        _check_handler(self.conflict_handler)
        self._book = host._book
        self.title, self.description = title, description
        self._groups = []
        self._members = []

    def _attach(self, action):
        book = self._book
        clashes = [(flag, book.by_option[flag]) for flag in action.option_strings
                   if flag in book.by_option]
        if clashes:
            self._settle_clashes(action, clashes)
        book.actions.append(action)
        action.container = self
        for flag in action.option_strings:
            book.by_option[flag] = action
        for flag in action.option_strings:
            if _looks_negative(flag):
                book.numeric_options = True
        self._members.append(action)
        return action

    def _settle_clashes(self, action, clashes):
        if self.conflict_handler == 'resolve':
            for flag, older in clashes:
                older.option_strings.remove(flag)
                self._book.by_option.pop(flag, None)
                if not older.option_strings:
                    older.container._detach(older)
            return
        if len(clashes) == 1:
            message = 'conflicting option string: %s'
        else:
            message = 'conflicting option strings: %s'
        raise ArgumentError(action, message % ', '.join([flag for flag, older in clashes]))

    def _detach(self, action):
        self._book.actions.remove(action)
        self._members.remove(action)


class _MutuallyExclusiveGroup(_ArgumentGroup):
    """Arguments of which at most one (exactly one if required) may be given."""

    def __init__(self, host, required=False):
        super().__init__(host)
        self.required = required
        self._host = host

    def _attach(self, action):
        if action.required:
            raise ValueError('mutually exclusive arguments must be optional')
        self._host._attach(action)
        self._members.append(action)
        return action

    def _detach(self, action):
        self._host._detach(action)
        self._members.remove(action)


def _identity(string):
    return string


# Token shapes for matching an action's arity against the classification
# string of the command line ('A' plain argument, 'O' option, '-' the first
# '--').  Each element is (characters, minimum, maximum), maximum -1 meaning
# unbounded; the elements are matched greedily with backtracking.
_DASHES = ('-', 0, -1)


_ONE = ('A', 1, 1)
_NAMED_ARITIES = (
    (None, [_DASHES, _ONE, _DASHES]),
    (OPTIONAL, [_DASHES, ('A', 0, 1), _DASHES]),
    (ZERO_OR_MORE, [_DASHES, ('A-', 0, -1)]),
    (ONE_OR_MORE, [_DASHES, _ONE, ('A-', 0, -1)]),
    (REMAINDER, [('-AO', 0, -1)]),
    (PARSER, [_DASHES, _ONE, ('-AO', 0, -1)]),
    (SUPPRESS, [_DASHES]),
)


def _arity_shape(nargs, for_option):
    for key, shape in _NAMED_ARITIES:
        if nargs == key:
            break
    else:
        # a number: that many single arguments
        shape = [_DASHES]
        for _ in range(nargs):
            shape = shape + [_ONE, _DASHES]
    if for_option:
        # an option's values never include the '--' separator
        shape = [(chars.replace('-', ''), low, high) for chars, low, high in shape if chars != '-']
    return shape


def _fit_shapes(shapes, kinds):
    """Match the shapes one after another against the start of `kinds`;
    return how many strings each shape takes, or None if they cannot match."""
    flat = []
    for index, shape in enumerate(shapes):
        for chars, low, high in shape:
            flat.append((chars, low, high, index))
    size = len(kinds)
    taken = [0] * len(flat)
    failed = set()

    def attempt(step, pos):
        if step == len(flat):
            return True
        if (step, pos) in failed:
            return False
        chars, low, high, _ = flat[step]
        run = 0
        while pos + run < size and (high < 0 or run < high) and kinds[pos + run] in chars:
            run += 1
        for count in range(run, low - 1, -1):
            taken[step] = count
            if attempt(step + 1, pos + count):
                return True
        failed.add((step, pos))
        return False

    if not attempt(0, 0):
        return None
    sizes = [0] * len(shapes)
    for step, element in enumerate(flat):
        sizes[element[3]] += taken[step]
    return sizes


def _arity_complaint(nargs):
    if nargs is None:
        return 'expected one argument'
    if nargs == OPTIONAL:
        return 'expected at most one argument'
    if nargs == ONE_OR_MORE:
        return 'expected at least one argument'
    if nargs == 1:
        return 'expected %s argument' % (nargs,)
    return 'expected %s arguments' % (nargs,)


class _ParseRun(object):
    """State of one parse_known_args() pass over a list of strings."""

    def __init__(self, parser, namespace, strings):
        self.parser = parser
        self.namespace = namespace
        self.strings = strings
        self.extras = []
        self.invoked = set()        # actions that were called
        self.non_default = set()    # actions that received something other than their default
        self.rivals = {}
        for group in parser._book.exclusive:
            members = group._members
            for index, member in enumerate(members):
                self.rivals.setdefault(member, []).extend(members[:index] + members[index + 1:])
        self.waiting = [action for action in parser._book.actions if not action.option_strings]
        self.options_at = {}
        kinds = []
        for index, text in enumerate(strings):
            if text == '--':
                kinds.append('-')
                kinds.extend(['A'] * (len(strings) - index - 1))
                break
            found = parser._classify(text)
            if found is None:
                kinds.append('A')
            else:
                self.options_at[index] = found
                kinds.append('O')
        self.kinds = ''.join(kinds)

    def run(self):
        cursor = 0
        while True:
            ahead = [index for index in self.options_at if index >= cursor]
            if not ahead:
                break
            upcoming = min(ahead)
            if cursor < upcoming:
                reached = self._take_positionals(cursor)
                if reached > cursor:
                    cursor = reached
                    continue
                self.extras.extend(self.strings[cursor:upcoming])
                cursor = upcoming
            cursor = self._take_option(cursor)
        cursor = self._take_positionals(cursor)
        self.extras.extend(self.strings[cursor:])
        self._finish()
        return self.namespace, self.extras

    def _take_positionals(self, start):
        shapes = []
        sizes = []
        for action in self.waiting:
            shapes.append(_arity_shape(action.nargs, False))
        while shapes:
            found = _fit_shapes(shapes, self.kinds[start:])
            if found is not None:
                sizes = found
                break
            shapes.pop()
        for action, count in zip(self.waiting, sizes):
            self._invoke(action, self.strings[start:start + count])
            start += count
        del self.waiting[:len(sizes)]
        return start

    def _count_for(self, action, kinds):
        found = _fit_shapes([_arity_shape(action.nargs, bool(action.option_strings))], kinds)
        if found is None:
            raise ArgumentError(action, _arity_complaint(action.nargs))
        return found[0]

    def _take_option(self, start):
        action, flag, glued = self.options_at[start]
        pending = []
        while True:
            if action is None:
                self.extras.append(self.strings[start])
                return start + 1
            if glued is None:
                first = start + 1
                count = self._count_for(action, self.kinds[first:])
                pending.append((action, self.strings[first:first + count], flag))
                stop = first + count
                break
            # The value came attached to the option: '--opt=value' or '-xVALUE'.
            count = self._count_for(action, 'A')
            if count == 0 and flag[1] not in self.parser.prefix_chars and glued != '':
                # '-xyz' where -x takes nothing: continue with -y and 'z'
                pending.append((action, [], flag))
                flag = flag[0] + glued[0]
                table = self.parser._book.by_option
                if flag not in table:
                    raise ArgumentError(action, 'ignored explicit argument %r' % glued)
                action = table[flag]
                glued = glued[1:] or None
            elif count == 1:
                pending.append((action, [glued], flag))
                stop = start + 1
                break
            else:
                raise ArgumentError(action, 'ignored explicit argument %r' % glued)
        for action, values, flag in pending:
            self._invoke(action, values, flag)
        return stop

    def _invoke(self, action, strings, flag=None):
        self.invoked.add(action)
        value = self.parser._convert_strings(action, strings)
        if value is not action.default:
            self.non_default.add(action)
            for other in self.rivals.get(action, ()):
                if other in self.non_default:
                    raise ArgumentError(action, 'not allowed with argument %s' % _action_label(other))
        if value is not SUPPRESS:
            action(self.parser, self.namespace, value, flag)

    def _finish(self):
        parser = self.parser
        namespace = self.namespace
        missing = []
        for action in parser._book.actions:
            if action in self.invoked:
                continue
            if action.required:
                missing.append(_action_label(action))
            elif (action.default is not None and isinstance(action.default, str)
                  and hasattr(namespace, action.dest)
                  and action.default is getattr(namespace, action.dest)):
                # string defaults go through type= only when actually used
                setattr(namespace, action.dest, parser._convert_one(action, action.default))
        if missing:
            parser.error('the following arguments are required: %s' % ', '.join(missing))
        for group in parser._book.exclusive:
            if group.required and not any([member in self.non_default for member in group._members]):
                names = [_action_label(member) for member in group._members
                         if member.help is not SUPPRESS]
                parser.error('one of the arguments %s is required' % ' '.join(names))


class ArgumentParser(_Reprable, _ArgumentHost):
    """Turns command-line strings into a Namespace of values.

    Keyword arguments: prog, usage, description, epilog, parents,
    formatter_class, prefix_chars, fromfile_prefix_chars, argument_default,
    conflict_handler, add_help, allow_abbrev, exit_on_error."""

    def __init__(self, prog=None, usage=None, description=None, epilog=None, parents=[],
                 formatter_class=HelpFormatter, prefix_chars='-', fromfile_prefix_chars=None,
                 argument_default=None, conflict_handler='error', add_help=True,
                 allow_abbrev=True, exit_on_error=True):
        _check_handler(conflict_handler)
        self._book = _Book()
        self._actions = self._book.actions
        self._groups = []
        if prog is None:
            script = sys.argv[0]
            prog = script[script.rfind('/') + 1:]
        self.prog, self.usage = prog, usage
        self.description, self.epilog = description, epilog
        self.formatter_class, self.prefix_chars = formatter_class, prefix_chars
        self.fromfile_prefix_chars, self.argument_default = fromfile_prefix_chars, argument_default
        self.conflict_handler, self.add_help = conflict_handler, add_help
        self.allow_abbrev, self.exit_on_error = allow_abbrev, exit_on_error

        self._positionals = self.add_argument_group('positional arguments')
        self._optionals = self.add_argument_group('options')
        self._subcommands = None
        self.register('type', None, _identity)

        if add_help:
            lead = '-' if '-' in prefix_chars else prefix_chars[0]
            self.add_argument(lead + 'h', lead * 2 + 'help', action='help', default=SUPPRESS,
                              help='show this help message and exit')
        for parent in parents:
            self._inherit(parent)

    def _repr_named(self):
        return [(key, getattr(self, key)) for key in
                ('prog', 'usage', 'description', 'formatter_class', 'conflict_handler', 'add_help')]

    # -- declaring ------------------------------------------------------------

    def _attach(self, action):
        if action.option_strings:
            self._optionals._attach(action)
        else:
            self._positionals._attach(action)
        return action

    def _check_layout(self, action):
        try:
            self._new_formatter()._args_text(action, None)
        except TypeError:
            raise ValueError('length of metavar tuple does not match nargs')

    def _inherit(self, parent):
        """Take over a parent parser's arguments, groups and defaults."""
        by_title = {}
        for mine in self._groups:
            if mine.title in by_title:
                raise ValueError('cannot merge actions - two groups are named %r' % (mine.title,))
            by_title[mine.title] = mine
        home = {}
        for theirs in parent._groups:
            target = by_title.get(theirs.title)
            if theirs.title not in by_title:
                target = self.add_argument_group(theirs.title, theirs.description,
                                                 conflict_handler=theirs.conflict_handler)
                by_title[theirs.title] = target
            for member in theirs._members:
                home[member] = target
        for theirs in parent._book.exclusive:
            twin = self.add_mutually_exclusive_group(required=theirs.required)
            for member in theirs._members:
                home[member] = twin
        for member in parent._book.actions:
            home.get(member, self)._attach(member)
        self._book.defaults.update(parent._book.defaults)

    def add_subparsers(self, **kwargs):
        if self._subcommands is not None:
            self.error('cannot have multiple subparser arguments')
        if 'parser_class' not in kwargs:
            kwargs['parser_class'] = type(self)
        if 'description' in kwargs or 'title' in kwargs:
            heading = kwargs.pop('title', 'subcommands')
            self._subcommands = self.add_argument_group(heading, kwargs.pop('description', None))
        else:
            self._subcommands = self._positionals
        if kwargs.get('prog', None) is None:
            # the usage line up to the subcommand, without the options
            layout = self._new_formatter()
            places = [known for known in self._book.actions if _is_positional(known)]
            layout.add_usage(self.usage, places, self._book.exclusive, '')
            kwargs['prog'] = layout.format_help().strip()
        chosen = kwargs.pop('action', 'parsers')
        factory = self._lookup('action', chosen, chosen)
        action = factory(option_strings=[], **kwargs)
        self._subcommands._attach(action)
        return action

    # -- parsing --------------------------------------------------------------

    def parse_args(self, args=None, namespace=None):
        namespace, rest = self.parse_known_args(args, namespace)
        if rest:
            self.error('unrecognized arguments: %s' % ' '.join(rest))
        return namespace

    def parse_known_args(self, args=None, namespace=None):
        args = sys.argv[1:] if args is None else list(args)
        if namespace is None:
            namespace = Namespace()
        for known in self._book.actions:
            if _hidden(known.dest) or _hidden(known.default):
                continue
            if not hasattr(namespace, known.dest):
                setattr(namespace, known.dest, known.default)
        preset = self._book.defaults
        for key in preset:
            if not hasattr(namespace, key):
                setattr(namespace, key, preset[key])
        if not self.exit_on_error:
            namespace, args = self._parse_strings(args, namespace)
        else:
            try:
                namespace, args = self._parse_strings(args, namespace)
            except ArgumentError as problem:
                self.error(str(problem))
        if hasattr(namespace, _HANDBACK):
            args.extend(getattr(namespace, _HANDBACK))
            delattr(namespace, _HANDBACK)
        return namespace, args

    def _parse_strings(self, strings, namespace):
        if self.fromfile_prefix_chars:
            strings = self._expand_from_files(strings)
        return _ParseRun(self, namespace, strings).run()

    def parse_intermixed_args(self, args=None, namespace=None):
        namespace, rest = self.parse_known_intermixed_args(args, namespace)
        if rest:
            self.error('unrecognized arguments: %s' % ' '.join(rest))
        return namespace

    def parse_known_intermixed_args(self, args=None, namespace=None):
        """Like parse_known_args, but positionals may be interleaved with
        options: options are parsed first, then the strings left over are
        handed to the positionals."""
        places = [known for known in self._book.actions if _is_positional(known)]
        for known in places:
            if known.nargs in (PARSER, REMAINDER):
                raise TypeError('parse_intermixed_args: positional arg with nargs=%s' % known.nargs)
        for rivals in self._book.exclusive:
            if any([member in places for member in rivals._members]):
                raise TypeError('parse_intermixed_args: positional in mutuallyExclusiveGroup')
        kept_usage = self.usage
        try:
            if kept_usage is None:
                # freeze the full usage so that errors in either pass show it
                self.usage = self.format_usage()[len('usage: '):]
            saved = [(known, known.nargs, known.default) for known in places]
            for known in places:
                known.nargs = known.default = SUPPRESS
            try:
                namespace, leftover = self.parse_known_args(args, namespace)
                for known in places:
                    if getattr(namespace, known.dest, None) == []:
                        delattr(namespace, known.dest)
            finally:
                for known, nargs, default in saved:
                    known.nargs, known.default = nargs, default
            flags = [known for known in self._book.actions if not _is_positional(known)]
            relaxed = [(item, item.required) for item in flags + self._book.exclusive]
            for item, _ in relaxed:
                item.required = False
            try:
                namespace, extras = self.parse_known_args(leftover, namespace)
            finally:
                for item, was in relaxed:
                    item.required = was
        finally:
            self.usage = kept_usage
        return namespace, extras

    def _classify(self, text):
        """Decide whether a command-line string is an option.  Returns None for
        a plain argument, else (action or None, option string, attached value)."""
        if not text or text[0] not in self.prefix_chars:
            return None
        table = self._book.by_option
        if text in table:
            return table[text], text, None
        if len(text) == 1:
            return None
        if '=' in text:
            head, _, tail = text.partition('=')
            if head in table:
                return table[head], head, tail
        hits = self._prefix_hits(text)
        if len(hits) > 1:
            self.error('ambiguous option: %(option)s could match %(matches)s'
                       % {'option': text, 'matches': ', '.join([hit[1] for hit in hits])})
        if len(hits) == 1:
            return hits[0]
        if _looks_negative(text) and not self._book.numeric_options:
            return None
        if ' ' in text:
            return None
        return None, text, None

    def _prefix_hits(self, text):
        """Options that `text` may abbreviate (or, for '-xVALUE', start with)."""
        table = self._book.by_option
        hits = []
        if text[1] in self.prefix_chars:
            if self.allow_abbrev:
                stem, eq, tail = text.partition('=')
                if not eq:
                    tail = None
                for flag in table:
                    if flag.startswith(stem):
                        hits.append((table[flag], flag, tail))
        else:
            short = text[:2]
            for flag in table:
                if flag == short:
                    hits.append((table[flag], flag, text[2:]))
                elif flag.startswith(text):
                    hits.append((table[flag], flag, None))
        return hits

    def _expand_from_files(self, strings):
        expanded = []
        for text in strings:
            if not text or text[0] not in self.fromfile_prefix_chars:
                expanded.append(text)
                continue
            try:
                with open(text[1:]) as handle:
                    found = []
                    for line in handle.read().splitlines():
                        found.extend(self.convert_arg_line_to_args(line))
                    expanded.extend(self._expand_from_files(found))
            except OSError as failure:
                self.error(str(failure))
        return expanded

    def convert_arg_line_to_args(self, arg_line):
        return [arg_line]

    def _convert_strings(self, action, strings):
        """The value an action receives for the strings it matched."""
        nargs = action.nargs
        if nargs not in (PARSER, REMAINDER) and '--' in strings:
            strings.remove('--')
        if not strings and nargs == OPTIONAL:
            value = action.default if _is_positional(action) else action.const
            value = self._checked(action, value) if isinstance(value, str) else value
        elif not strings and nargs == ZERO_OR_MORE and _is_positional(action):
            value = strings if action.default is None else action.default
            self._verify_choice(action, value)
        elif len(strings) == 1 and nargs in (None, OPTIONAL):
            value = self._checked(action, strings[0])
        elif nargs == REMAINDER:
            value = [self._convert_one(action, text) for text in strings]
        elif nargs == PARSER:
            value = [self._convert_one(action, text) for text in strings]
            self._verify_choice(action, value[0])
        elif nargs == SUPPRESS:
            value = SUPPRESS
        else:
            value = [self._convert_one(action, text) for text in strings]
            for item in value:
                self._verify_choice(action, item)
        return value

    def _checked(self, action, text):
        value = self._convert_one(action, text)
        self._verify_choice(action, value)
        return value

    def _convert_one(self, action, text):
        convert = self._lookup('type', action.type, action.type)
        if not callable(convert):
            raise ArgumentError(action, '%r is not callable' % (convert,))
        try:
            return convert(text)
        except ArgumentTypeError as exc:
            raise ArgumentError(action, str(exc))
        except (ValueError, TypeError):
            label = getattr(action.type, '__name__', repr(action.type))
            raise ArgumentError(action, 'invalid %s value: %r' % (label, text))

    def _verify_choice(self, action, value):
        allowed = action.choices
        if allowed is None or value in allowed:
            return
        raise ArgumentError(action, 'invalid choice: %r (choose from %s)'
                            % (value, ', '.join([repr(choice) for choice in allowed])))

    # -- help and exiting -----------------------------------------------------

    def _new_formatter(self):
        make = self.formatter_class
        return make(prog=self.prog)

    def format_usage(self):
        layout = self._new_formatter()
        layout.add_usage(self.usage, self._book.actions, self._book.exclusive)
        return layout.format_help()

    def format_help(self):
        layout = self._new_formatter()
        layout.add_usage(self.usage, self._book.actions, self._book.exclusive)
        layout.add_text(self.description)
        for section in self._groups:
            layout.start_section(section.title)
            layout.add_text(section.description)
            layout.add_arguments(section._members)
            layout.end_section()
        layout.add_text(self.epilog)
        return layout.format_help()

    def print_usage(self, file=None):
        self._emit(self.format_usage(), sys.stdout if file is None else file)

    def print_help(self, file=None):
        self._emit(self.format_help(), sys.stdout if file is None else file)

    def _emit(self, message, file=None):
        if message:
            if not file:
                file = sys.stderr
            try:
                file.write(message)
            except (OSError, AttributeError):
                pass

    def exit(self, status=0, message=None):
        if message:
            self._emit(message, sys.stderr)
        sys.exit(status)

    def error(self, message):
        """Print the usage and `message` to stderr, then exit with status 2."""
        self.print_usage(sys.stderr)
        self.exit(2, '%(prog)s: error: %(message)s\n' % {'prog': self.prog, 'message': message})
