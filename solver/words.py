"""Small helpers for the words of messages."""

from __future__ import annotations

#: Characters drawn as nothing that are not format characters (category Cf): a combining
#: grapheme joiner, Hangul fillers, Khmer inherent vowels, Mongolian and other variation
#: selectors.
IGNORABLE = frozenset(
    [0x034F, 0x115F, 0x1160, 0x17B4, 0x17B5, 0x3164, 0xFFA0]
    + list(range(0x180B, 0x1810))
    + list(range(0xFE00, 0xFE10))
    + list(range(0xE0100, 0xE01F0))
)


#: Format characters that show nothing and change nothing shown: a soft hyphen, the Arabic
#: letter mark, the Mongolian vowel separator, a zero-width space, the direction marks, a
#: word joiner, the invisible operators and a zero-width no-break space.  Not the joiners
#: (U+200C, U+200D: they change how the letters or the emoji around them are drawn), the tags
#: of a flag, nor the format characters that are drawn (U+0600-0605, U+06DD, ...).
INVISIBLE = frozenset(
    [0x00AD, 0x061C, 0x180E, 0x200B, 0x200E, 0x200F, 0xFEFF]
    + list(range(0x2060, 0x2070))  # a word joiner, invisible operators, deprecated formats
    + list(range(0xFFF9, 0xFFFC))  # interlinear annotation marks
    + list(range(0x1BCA0, 0x1BCA4))  # shorthand format controls
)
_JOINERS = (0x200C, 0x200D)
_BLACK_FLAG = "\U0001f3f4"


def unseen(ch: str) -> bool:
    """A character that shows nothing where it stands and changes nothing shown around it
    (:data:`INVISIBLE`, :data:`IGNORABLE`)."""
    return ord(ch) in INVISIBLE or ord(ch) in IGNORABLE


def _tag(ch: str) -> bool:
    return 0xE0000 <= ord(ch) <= 0xE007F


#: Where a joiner (U+200C, U+200D) changes what is drawn: between letters of the scripts that
#: join or stack them (Arabic, Syriac, N'Ko, Mongolian, the Indic and Brahmic scripts of India
#: and South-East Asia, Tibetan, and their historic kin beyond U+FFFF) and in emoji sequences
#: (symbols, dingbats, pictographs).  Between Latin, Greek, Cyrillic, Georgian, Hebrew, Thai,
#: kana, Hangul or Chinese letters (those beyond U+FFFF too) it shows nothing.
_JOINING = (
    (0x0600, 0x08FF),  # Arabic, Syriac, Thaana, N'Ko, Samaritan, Mandaic
    (0x0900, 0x0DFF),  # Devanagari to Sinhala
    (0x0F00, 0x109F),  # Tibetan, Myanmar
    (0x1700, 0x18AF),  # the Philippine scripts, Khmer, Mongolian
    (0x1A00, 0x1AAF),  # Buginese, Tai Tham
    (0x1B00, 0x1C7F),  # Balinese, Sundanese, Batak, Lepcha, Ol Chiki
    (0x1CC0, 0x1CFF),  # Sundanese supplement, Vedic extensions
    (0x2190, 0x2BFF),  # arrows, technical symbols, shapes, dingbats (emoji among them)
    (0xA800, 0xA95F),  # Syloti Nagri to Rejang
    (0xA980, 0xAAFF),  # Javanese to Meetei Mayek extensions
    (0xABC0, 0xABFF),  # Meetei Mayek
    (0xFB50, 0xFDFF),  # Arabic presentation forms
    (0xFE70, 0xFEFF),
    (0x10A00, 0x10FFF),  # Kharoshthi, Sogdian, Old Uyghur, Hanifi Rohingya...
    (0x11000, 0x11FFF),  # Brahmi and its descendants
    (0x1E900, 0x1E95F),  # Adlam
    (0x1F000, 0x1FAFF),  # emoji
)


def _joins(ch: str) -> bool:
    return ord(ch) not in _JOINERS and any(low <= ord(ch) <= high for low, high in _JOINING)


def drawn(text: str) -> str:
    """``text`` without what shows nothing in it: the characters that never do (:func:`unseen`),
    a joiner (U+200C, U+200D) but next to a letter of a script it joins or an emoji
    (:data:`_JOINING`: "Lu\u200dpin" shows "Lupin", "小\u200d号" shows "小号"; between Arabic
    or Indic letters, or in an emoji sequence, it changes what is drawn and stays), and tags
    not after a black flag (after one they draw a subdivision's flag).  The joiners are judged
    by the characters that show around them, so ``drawn(drawn(text)) == drawn(text)``.

    >>> persian = "\u0645\u06cc\u200c\u062e"  # a non-joiner parts its letters
    >>> drawn("trum\u200d\u200bpet"), drawn("小\u200d号"), drawn("\U00020bb7\u200d野")
    ('trumpet', '小号', '𠮷野')
    >>> drawn(persian) == persian
    True
    """
    seen = []
    for i, ch in enumerate(text):
        if unseen(ch):
            continue
        if _tag(ch):
            j = i
            while j > 0 and _tag(text[j - 1]):
                j -= 1
            if text[j - 1 : j] != _BLACK_FLAG:
                continue
        seen.append(ch)
    out = []
    for i, ch in enumerate(seen):
        if ord(ch) in _JOINERS:
            near = seen[i - 1 : i] + seen[i + 1 : i + 2]
            if not any(_joins(c) for c in near):
                continue
        out.append(ch)
    return "".join(out)


def noun(n: int, singular: str, plural: str | None = None) -> str:
    """The noun that goes with ``n`` things: "key" for one, "keys" for others.

    >>> noun(1, "key"), noun(2, "key"), noun(0, "ply", "plies")
    ('key', 'keys', 'plies')
    """
    return singular if n == 1 else (plural or singular + "s")


def counted(n: int, singular: str, plural: str | None = None) -> str:
    """``n`` and the noun that goes with it: "1 legal play", "3 legal plays", "0 folds".

    >>> counted(1, "round"), counted(2, "round"), counted(1, "seat", "seats")
    ('1 round', '2 rounds', '1 seat')
    """
    return f"{n} {noun(n, singular, plural)}"


#: Words a name may start with that make it a noun phrase already ("the harp", "an oboe").
ARTICLES = ("the ", "a ", "an ")


def the(name: str) -> str:
    """A name in a sentence, "the harp"; a name with its own article ("The Harp", "an oboe")
    as it is (not "the the harp", "the an oboe").

    >>> the("harp"), the("The Harp"), the("an oboe")
    ('the harp', 'The Harp', 'an oboe')
    """
    return name if name.lower().startswith(ARTICLES) else f"the {name}"


def a_or_an(phrase: str) -> str:
    """``phrase`` after "a", or "an" before a vowel ("an orange hat"); by the first letter
    only, which suits colour words (not "hour" or "unicorn").

    >>> a_or_an("orange hat"), a_or_an("red hat")
    ('an orange hat', 'a red hat')
    """
    return f"an {phrase}" if phrase[:1].lower() in "aeiou" else f"a {phrase}"


def upper_first(text: str) -> str:
    """``text`` with its first letter a capital, the rest as written (``str.capitalize`` would
    lower the rest: "the Dumbier" became "The dumbier").

    >>> upper_first("the GREAT bagpipe")
    'The GREAT bagpipe'
    """
    return text[:1].upper() + text[1:]


def listed(items: list[str] | tuple[str, ...], word: str = "and") -> str:
    """Items in words: "0", "0 and 2", "0, 2 and 4" (or "0, 2 or 4" with ``word="or"``).

    >>> listed(["0"]), listed(["0", "2"]), listed(["0", "2", "4"]), listed(["0", "2"], "or")
    ('0', '0 and 2', '0, 2 and 4', '0 or 2')
    """
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + f" {word} " + items[-1]


def listed_first(items: list[str] | tuple[str, ...], most: int = 3) -> str:
    """The first ``most`` items in words, and how many more: "a, b, c and 2 more".

    >>> listed_first(["a", "b"]), listed_first(["a", "b", "c", "d", "e"])
    ('a and b', 'a, b, c and 2 more')
    """
    rest = len(items) - most
    return listed([*items[:most], f"{rest} more"] if rest > 0 else list(items))


def side_words(seats: list[int] | tuple[int, ...], team: int | None = None) -> str:
    """A side of the game in words: "seat 2" for a player alone, "team 0 (seats 0 and 2)" for a
    team (``team`` its number, by default its lowest seat, as the teams are numbered when every
    seat plays).

    >>> side_words((2,)), side_words((0, 2)), side_words((1, 3, 5)), side_words([1, 4], team=1)
    ('seat 2', 'team 0 (seats 0 and 2)', 'team 1 (seats 1, 3 and 5)', 'team 1 (seats 1 and 4)')
    """
    if len(seats) == 1:
        return f"seat {seats[0]}"
    number = min(seats) if team is None else team
    return f"team {number} (seats {listed([str(k) for k in seats])})"


def seats_won(seats: list[int] | tuple[int, ...]) -> str:
    """Who has won Agent DOG, as its messages say it: "seats 0+2 have won" for a side of two,
    "seat 1 has won" for a player alone.

    >>> seats_won((0, 2)), seats_won((1,))
    ('seats 0+2 have won', 'seat 1 has won')
    """
    if len(seats) == 1:
        return f"seat {seats[0]} has won"
    return f"seats {'+'.join(map(str, seats))} have won"
