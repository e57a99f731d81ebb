"""The components of a Sly Wolf game: wolves, sheep, items, the bag and the wolf's track.

A roster is data, never code (``../shared/spec/slywolf.md`` section 1): a TOML or JSON file.  This
module loads and validates one; every other module works on the validated :class:`Roster`, where
sheep, wolves and items are addressed by index.

Rulings (the rulebook is silent; the spec leaves them to the project):
- an item is a (colour, garment) pair written ``"<colour> <garment>"``; names compare
  case-insensitively and surrounding/inner white space is folded;
- a wolf wears each garment at most once, and need not wear every garment;
- the items a testimony may name are the items worn by at least one wolf (spec 2.5);
- the bag and the track are optional; the box's values are the defaults.
"""

from __future__ import annotations

import functools
import os
import re
import unicodedata
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any

from sheepdog.solver.built import wrong_field
from sheepdog.solver.errors import (
    FileFormatError,
    FolderNotFileError,
    MissingFileError,
    SheepdogError,
    UnknownNameError,
    WrongTypeError,
    expect,
    shown,
)
from sheepdog.solver.fileio import real_path
from sheepdog.solver.jsonio import loads_json, loads_toml, named_path, read_text, shipped_copy
from sheepdog.solver.words import counted, drawn, the

MIN_SHEEP = 3
MAX_SHEEP = 24
MAX_WOLVES = 32
#: Bounds on the rest of a roster (the box: 3 colours, 3 garments, 9 vegetables, 3 + 1 tokens
#: each, tracks of 14 and 10 spaces); they keep every search small and every name printable.
MAX_NAME_LENGTH = 40
MAX_COLORS = 32
MAX_GARMENTS = 16
MAX_VEGETABLES = 32
LIKED = 3  # the vegetables on a sheep tile
MAX_TOKENS = 20  # ripe, and spoiled, tokens of one vegetable
#: Why a roster whose wolves all wear the same items (:attr:`Roster.one_outfit`) has no case.
ONE_OUTFIT = (
    "every wolf wears every item a wolf wears, so an honest sheep (who names an item the"
    " culprit does not wear) has nothing to say"
)
MAX_TRACK = 60  # spaces on either side of the wolf's track

BOX_BAG_SIZES: dict[str, tuple[str, ...]] = {
    "big": ("pumpkin", "lettuce", "eggplant"),
    "medium": ("bell pepper", "carrot", "cucumber"),
    "small": ("tomato", "broccoli", "peas"),
}


@functools.lru_cache(maxsize=4096)  # every look-up folds every name of the roster
def fold(name: str) -> str:
    """The comparison form of a name: Unicode's compatibility caseless form ("Straße" is
    "STRASSE", and "Προΐκα" its capitals "ΠΡΟΪ́ΚΑ"; an "á" typed as one character or as "a"
    and a combining accent is one letter; the full-width "ｈａｒｐ" a Japanese keyboard types
    is "harp", the ligature "ﬁ" is "fi"), single spaces, without the characters that show
    nothing ("Lu\u200bpin" reads "Lupin", "Jose\u200b\u0301" "José").  Decomposed before the
    case is folded and again after, as Unicode's compatibility caseless match (D146) asks:
    folding a composed capital can leave letters that compose again."""
    bare = drawn(unicodedata.normalize("NFD", str(name)))
    inner = unicodedata.normalize("NFKD", bare.casefold())
    folded = unicodedata.normalize("NFKD", inner.casefold())
    return " ".join(unicodedata.normalize("NFC", folded).split())


@dataclass(frozen=True, slots=True, order=True)
class Item:
    """A garment in a colour, e.g. ``Item("red", "jacket")`` printed ``"red jacket"``."""

    color: str
    garment: str

    def __str__(self) -> str:
        return f"{self.color} {self.garment}"


@dataclass(frozen=True, slots=True)
class Wolf:
    name: str
    wears: tuple[Item, ...]


@dataclass(frozen=True, slots=True)
class Sheep:
    name: str
    likes: tuple[str, ...] = ()
    testimony: Item | None = None


@dataclass(frozen=True, slots=True)
class Bag:
    """The vegetable bag: kinds grouped by size, with ripe and spoiled tokens of each kind."""

    sizes: tuple[tuple[str, tuple[str, ...]], ...]
    ripe: int = 3
    spoiled: int = 1

    @property
    def kinds(self) -> tuple[str, ...]:
        return tuple(kind for _, kinds in self.sizes for kind in kinds)

    def vegetable(self, name: str) -> str:
        """The bag's spelling of vegetable ``name`` (case and spaces ignored)."""
        for kind in self.kinds:
            if fold(kind) == fold(name):
                return kind
        raise UnknownNameError("vegetable", name, list(self.kinds))

    def size_of(self, kind: str) -> str:
        for size, kinds in self.sizes:
            if kind in kinds:
                return size
        raise UnknownNameError("vegetable", kind, list(self.kinds))


@dataclass(frozen=True, slots=True)
class Track:
    """Spaces on the wolf's track, one per turn, for the 1-star and the 2-star side."""

    one_star: int = 14
    two_star: int = 10


@dataclass(frozen=True, slots=True)
class Roster:
    """The box's components for one game: the wolves (each wearing its items), the sheep
    (their likes, and their printed testimonies in a known-deck roster), how many sheep are
    accomplices, the vegetable bag and the wolf's track.  Sheep, wolves and items are
    addressed by index; :meth:`sheep_index`, :meth:`wolf_index` and :meth:`parse_item` turn
    names into them.  Load one with :func:`load_roster` (``"default"`` is the box's) or
    :func:`roster_from_dict`."""

    name: str
    colors: tuple[str, ...]
    garments: tuple[str, ...]
    wolves: tuple[Wolf, ...]
    sheep: tuple[Sheep, ...]
    accomplices: int
    bag: Bag = field(default_factory=lambda: Bag(tuple(BOX_BAG_SIZES.items())))
    track: Track = field(default_factory=Track)
    #: How the steps and slips name the wolves wearing a garment ("the wolves in red top
    #: hats"), as (garment, plural) pairs in the order of :attr:`garments`, for garments whose
    #: plural is not the English one :meth:`garment_plural` makes (a name in another language).
    plurals: tuple[tuple[str, str], ...] = ()
    #: The file it was read from (:func:`load_roster`); None for a shipped roster or one made
    #: in code, :func:`dataclasses.replace` included (a changed copy is not the file's).  Not
    #: part of the roster: two files with the same contents hold one roster.
    file: str | None = field(default=None, init=False, repr=False, compare=False)
    #: :attr:`items`, computed once (the explainer reads it for every testimony it names).
    _items: tuple[Item, ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        try:
            seen = {item for wolf in self.wolves for item in wolf.wears}
            order = {c: i for i, c in enumerate(self.colors)}
            gorder = {g: i for i, g in enumerate(self.garments)}
            items = tuple(sorted(seen, key=lambda it: (gorder[it.garment], order[it.color])))
        except (TypeError, KeyError, AttributeError) as exc:
            # a roster changed in code (dataclasses.replace) with fields that do not fit: the
            # file checks (roster_from_dict) say which when it is used
            wrong = wrong_field(self)
            if wrong is not None:
                raise WrongTypeError(
                    f"this roster's {wrong} (roster_from_dict(data) reads a roster and says what"
                    " is wrong)"
                ) from None
            raise WrongTypeError(
                f"this roster's wolves, colours and garments do not fit ({type(exc).__name__}"
                f" {shown(str(exc))}): roster_from_dict(data) reads a roster and says what is"
                " wrong"
            ) from None
        object.__setattr__(self, "_items", items)

    def __repr__(self) -> str:
        return (
            f"<Roster {self.name!r}: {counted(len(self.wolves), 'wolf', 'wolves')}, "
            f"{self.n_sheep} sheep, {counted(self.accomplices, 'accomplice')}>"
        )

    @property
    def called(self) -> str:
        """How a message names the roster: ``roster 'NAME'``, and with the file it was read
        from, ``roster FILE ('NAME')`` (a copy of the box's file keeps the name "default", and
        "roster 'default'" alone would blame the shipped roster)."""
        if self.file is None:
            return f"roster {self.name!r}"
        return f"roster {self.file} ({self.name!r})"

    # -- derived vocabulary -------------------------------------------------------------------
    @property
    def n_sheep(self) -> int:
        """How many sheep the roster has (16 in the box)."""
        return len(self.sheep)

    @property
    def n_honest(self) -> int:
        return len(self.sheep) - self.accomplices

    @property
    def items(self) -> tuple[Item, ...]:
        """Items worn by at least one wolf: the only items a testimony can name (spec 2.5)."""
        return self._items

    @property
    def one_outfit(self) -> bool:
        """True when every wolf wears every item a wolf wears (one wolf, say): an honest sheep
        names an item the culprit does not wear, so none has anything to say and no case
        fits.  Such a roster loads (the spec allows 1 wolf); solving it reports that."""
        return all(len(w.wears) == len(self._items) for w in self.wolves)

    @property
    def known_deck(self) -> bool:
        """True when some sheep tiles carry a fixed testimony (the tiles of a physical copy)."""
        return any(s.testimony is not None for s in self.sheep)

    def garment_plural(self, garment: str) -> str:
        """The plural of ``garment``: :func:`garment_plural` with the roster's own."""
        expect(garment, str, "garment", 'a garment\'s name such as "jacket"')
        return garment_plural(garment, self.plurals)

    def plural(self, item: Item) -> str:
        """The item as the wolves wearing it: ``red top hats``, ``blue pants``."""
        expect(item, Item, "item", 'an Item such as Item("red", "jacket")')
        expect(item.color, str, "item.color", 'a colour\'s name such as "red"')
        expect(item.garment, str, "item.garment", 'a garment\'s name such as "jacket"')
        return f"{item.color} {self.garment_plural(item.garment)}"

    # -- name look-ups ------------------------------------------------------------------------
    def sheep_index(self, name: str) -> int:
        """The number of the sheep called ``name`` (any case); an unknown name lists them."""
        expect(name, str, "name", "a sheep's name")
        key = fold(name)
        for i, sheep in enumerate(self.sheep):
            if fold(sheep.name) == key:
                return i
        raise UnknownNameError("sheep", name, [s.name for s in self.sheep])

    def wolf_index(self, name: str) -> int:
        """The number of the wolf called ``name`` (any case); an unknown name lists them."""
        expect(name, str, "name", "a wolf's name")
        key = fold(name)
        for i, wolf in enumerate(self.wolves):
            if fold(wolf.name) == key:
                return i
        raise UnknownNameError("wolf", name, [w.name for w in self.wolves])

    def parse_item(self, text: str, *, worn: bool = True) -> Item:
        """Parse ``"<colour> <garment>"``; with ``worn`` the item must be worn by some wolf."""
        expect(text, str, "text", 'an item such as "red jacket"')
        expect(worn, bool, "worn")
        try:
            item = parse_item(text, self.colors, self.garments)
        except UnknownNameError:
            if not worn:
                raise
            # the items a sheep can name: those worn (a colour and garment no wolf wears,
            # offered here, was then refused as worn by no wolf)
            raise UnknownNameError("item", text, list(map(str, self.items))) from None
        if worn and item not in self.items:
            raise SheepdogError(
                f"no wolf of {self.called} wears {item}, so no sheep can testify about it; "
                f"items worn: {', '.join(map(str, self.items))}"
            )
        return item


def garment_plural(garment: str, plurals: tuple[tuple[str, str], ...] = ()) -> str:
    """The plural of ``garment``: the one ``plurals`` gives (a roster's own), else English's
    regular one (``jacket`` → ``jackets``; a name ending in "s", such as ``pants``, is taken as
    plural already)."""
    for name, plural in plurals:
        if name == garment:
            return plural
    return garment if garment[-1:] in ("s", "S") else garment + "s"


def parse_item(text: str, colors: tuple[str, ...], garments: tuple[str, ...]) -> Item:
    key = fold(text)
    for color in colors:
        c = fold(color)
        if key.startswith(c + " "):
            rest = key[len(c) + 1 :]
            for garment in garments:
                if fold(garment) == rest:
                    return Item(color, garment)
    valid = [f"{c} {g}" for g in garments for c in colors]
    raise UnknownNameError("item", text, valid)


# -- loading ----------------------------------------------------------------------------------


#: The rosters shipped with sheepdog, by the name a file or a game's setup may give instead of a
#: path (in any case): the box's, the known deck's printed tiles, and a large one for stress.
SHIPPED_ROSTERS = {
    "default": "default.toml",
    "known-deck": "known-deck/roster.toml",
    "large-24": "rosters/large-24.toml",
}

#: What a puzzle's ``roster_ref`` says when its roster was given as an object, not a name.
INLINE = "<inline>"


@functools.cache
def _shipped(name: str) -> Roster:
    """A shipped roster, read once (a roster is immutable): a case set names it in every file."""
    path = SHIPPED_ROSTERS[name]
    text = resources.files("sheepdog.cases").joinpath(path).read_text(encoding="utf-8")
    return roster_from_dict(loads_toml(text, name), source=name)


def roster_reference(roster: Roster) -> str:
    """How a file names ``roster``: the shipped name when it is a shipped roster, else
    :data:`INLINE` (the file then holds the roster object itself)."""
    for name in SHIPPED_ROSTERS:
        shipped = _shipped(name)
        if roster is shipped or roster == shipped:
            return name
    return INLINE


def is_shipped_as(roster: Roster, name: str) -> bool:
    """Whether ``roster`` is the shipped roster called ``name`` (any case)."""
    shipped = _shipped(name.lower())
    return roster is shipped or roster == shipped


def check_has_cases(roster: Roster, then: str = "") -> None:
    """Refuse, in one line, work that needs a case of ``roster`` when it admits none
    (:attr:`Roster.one_outfit`: the only way a roster that loads has no case); ``then`` says
    what cannot be done."""
    if roster.one_outfit:
        rest = f"; {then}" if then else ""
        raise SheepdogError(f"{roster.called} admits no case: {ONE_OUTFIT}{rest}")


def missing_roster(
    said: object, typed: Path | None, what: str = "no such roster file", name: object = None
) -> str:
    """Why a roster file ``said`` cannot be read (``what``), naming the shipped rosters, and
    for a ``cases/...`` path ``typed`` from another folder the installed copy
    (:func:`~sheepdog.solver.jsonio.shipped_copy`); ``name``: the reference as written (a
    case file's ``"roster"``, read from the case's folder), when a typo in it may be a
    shipped roster's name (default: ``said``)."""
    shipped = None if typed is None else shipped_copy(typed, file=True)
    ships = f"sheepdog ships it as {shipped}; " if shipped is not None else ""
    names = ", ".join(f'"{name}"' for name in SHIPPED_ROSTERS)
    meant = _meant(said if name is None else name)
    return f"{what}: {said} ({ships}the shipped rosters are {names}){meant}"


def _meant(said: object) -> str:
    """ "; did you mean "default"?" when ``said`` is a bare name close to a shipped roster's
    (a typo such as ``Defualt``, ``large24``); "" otherwise."""
    import difflib  # only here: rare, and the start stays quick

    text = str(said)
    if "/" in text or "\\" in text or "." in text:
        return ""  # a path or a file name: not a roster's name
    close = difflib.get_close_matches(text.lower(), list(SHIPPED_ROSTERS), n=1, cutoff=0.7)
    return f'; did you mean "{close[0]}"?' if close else ""


def load_roster(ref: str | Path, *, base: Path | None = None) -> Roster:
    """Load a shipped roster by name (:data:`SHIPPED_ROSTERS`: ``"default"`` is the box's) or
    a TOML/JSON file (relative to ``base``)."""
    expect(ref, (str, Path), "roster", '"default" or a roster file\'s name')
    if base is not None:
        expect(base, (str, Path), "base", "the folder a roster file's name is relative to")
    name = ref.lower() if isinstance(ref, str) else ""
    if name in SHIPPED_ROSTERS:
        return _shipped(name)
    path = named_path(ref)
    typed = path if base is None else None  # a README path run elsewhere: its shipped copy
    if base is not None and not path.is_absolute():
        path = base / path
    where = f"roster {path}"
    try:
        text = read_text(path, where)
    except MissingFileError as exc:
        raise MissingFileError(missing_roster(path, typed, name=ref)).about(
            exc, str(path)
        ) from None
    except FolderNotFileError as exc:
        raise FolderNotFileError(f"{where} is a directory, not a file").about(
            exc, str(path)
        ) from None
    data: Any = (
        loads_json(text, where) if path.suffix.lower() == ".json" else loads_toml(text, where)
    )
    roster = roster_from_dict(data, source=str(path))
    object.__setattr__(roster, "file", str(path))  # a new roster, not yet seen by anyone
    return roster


def is_roster_file(path: Path, ref: str, base: Path | None = None) -> bool:
    """Whether ``path`` is the file the roster reference ``ref`` names (a path relative to
    ``base``, else as given; through links): a write there would lose the roster (a game or
    a case written over its own roster file).  A shipped roster's name names no file."""
    if ref.lower() in SHIPPED_ROSTERS or not ref:
        return False
    where = Path(ref) if base is None else Path(os.path.normpath(real_path(base) / ref))
    try:
        return os.path.samefile(path, where)
    except (OSError, ValueError):  # either is missing, or unreadable: nothing is overwritten
        return False


#: Embeddings, overrides and isolates of the text's direction (a right-to-left letter's own
#: direction is kept: names in any script are welcome).
_DIRECTION_CONTROLS = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")


def _name(value: Any, what: str, where: str) -> str:
    """A name with its white space folded: a non-empty string of at most MAX_NAME_LENGTH."""
    if not isinstance(value, str) or not value.strip():
        raise FileFormatError(f"{where}: {what} must be a non-empty name")
    name = unicodedata.normalize("NFC", " ".join(value.split()))
    for c in name:
        # an escape sequence would be played on the terminal; a direction override would
        # reorder the name and what follows it on a line
        kind = (
            "a control character"
            if unicodedata.category(c) in ("Cc", "Cs")
            else "a direction override"
            if c in _DIRECTION_CONTROLS
            else None
        )
        if kind is not None:
            escaped = name.encode("unicode_escape").decode()[:60]
            raise FileFormatError(f"{where}: {what} '{escaped}' holds {kind} (U+{ord(c):04X})")
    if not fold(name):
        raise FileFormatError(f"{where}: {what} must be a name that shows (it shows nothing)")
    if len(name) > MAX_NAME_LENGTH:
        raise FileFormatError(
            f"{where}: {what} {name[:MAX_NAME_LENGTH]!r}... is longer than "
            f"{MAX_NAME_LENGTH} characters"
        )
    return name


def _str_list(data: Any, key: str, where: str, most: int) -> list[str]:
    value = data.get(key)
    if key not in data:
        raise FileFormatError(f"{where}: '{key}' is missing: give the roster's {key} by name")
    if value == []:  # the list, not a name in it ("must be a list of non-empty names" misled)
        raise FileFormatError(f"{where}: '{key}' is empty: give at least one name")
    if not isinstance(value, list):
        raise FileFormatError(f"{where}: '{key}' must be a list of non-empty names")
    if len(value) > most:
        raise FileFormatError(f"{where}: {len(value)} {key}; at most {most} allowed")
    return [_name(v, f"each of '{key}'", where) for v in value]


def _one_spelling(colors: list[str], garments: list[str], where: str) -> None:
    """Refuse colours and garments that spell one item two ways ("dark" + "blue jacket" and
    "dark blue" + "jacket"): a testimony typed that way would be read as the first found."""
    seen: dict[str, tuple[str, str]] = {}
    for color in colors:
        for garment in garments:
            key = fold(f"{color} {garment}")
            other = seen.get(key)
            if other is not None:
                raise FileFormatError(
                    f"{where}: {other[0]!r} + {other[1]!r} and {color!r} + {garment!r} both spell"
                    f" '{color} {garment}': rename a colour or a garment so that every item has"
                    " one spelling"
                )
            seen[key] = (color, garment)


def _typable(names: list[str], what: str, where: str) -> None:
    """Refuse names that an entry line could not tell apart from its own words: an interview
    is ``interview SHEEP, TARGET, ITEM`` with ``?`` for a part not heard, and a tile is ``top
    SHEEP under OTHER`` (sheep, colours and garments are typed in those lines).  A line is read
    in its compatibility form (NFKC: ``entries.parse_entry``) and a name looked up without
    what shows nothing (:func:`fold`), so the names are judged so too: a full-width comma "，"
    is a comma there, and "?\u200b" reads "?"."""
    for name in names:
        typed = fold(name)  # a name is looked up so, invisible characters left out
        if "," in typed:
            raise FileFormatError(
                f"{where}: {what} {name!r} holds a comma, which separates the parts of an "
                "interview (interview SHEEP, TARGET, ITEM)"
            )
        if typed.strip() == "?":
            raise FileFormatError(
                f"{where}: {what} {name!r} is no name: '?' stands for a pointer or testimony not"
                " heard"
            )
        if what == "sheep" and re.search(r"\sunder(\s|$)", typed, flags=re.IGNORECASE):
            raise FileFormatError(
                f"{where}: sheep {name!r} holds the word 'under', which a tile's line keeps for "
                "the stack it is on (top SHEEP under OTHER)"
            )
        if what == "sheep" and fold(name) == "nothing":
            raise FileFormatError(
                f"{where}: a sheep cannot be called {name!r}: 'top SHEEP under nothing' keeps "
                "the word for a stack whose top was never typed"
            )


def _told_apart(names: list[str], bag: Bag, where: str) -> None:
    """Refuse sheep the explanations or the table lines could not tell apart (cases25): two
    names that read alike once a sentence gives them their article ("organ" and "the organ"
    are both "the organ"), and a name that is another's call for a vegetable ("song for
    peas" beside "song": `call song for peas` would call the first, so the second could not be
    called for peas under Special Treats)."""
    said: dict[str, str] = {}
    for name in names:
        key = fold(the(name)).casefold()
        other = said.setdefault(key, name)
        if other != name:
            raise FileFormatError(
                f"{where}: sheep {other!r} and {name!r} both read {the(name)!r} in a sentence:"
                " rename one"
            )
    folded = {fold(name).casefold(): name for name in names}
    for name in names:
        typed = fold(name)  # as a line reads it: "ｆｏｒ" is "for" (review25c)
        for match in re.finditer(r"\s+for(?=\s)", typed, flags=re.IGNORECASE):
            left, right = typed[: match.start()], typed[match.end() :].strip()
            called = folded.get(fold(left).casefold())
            kind = next((k for k in bag.kinds if fold(k) == fold(right)), None)
            if called is not None and kind is not None:
                raise FileFormatError(
                    f"{where}: sheep {name!r} reads as 'call {called} for {kind}' (Special"
                    f" Treats): {called!r} could not be called for {kind}; rename one"
                )


def _unique(names: list[str], what: str, where: str) -> None:
    seen: set[str] = set()
    for name in names:
        if fold(name) in seen:
            raise FileFormatError(f"{where}: {what} {name!r} appears twice")
        seen.add(fold(name))


def _known_keys(raw: dict[str, Any], known: set[str], where: str, prefix: str = "") -> None:
    """Refuse the first unknown key of a table (``prefix``: the table's own name, as
    ``bag.``), listing the valid ones: a misspelt key would be ignored."""
    extra = sorted(set(raw) - known)
    if extra:
        raise FileFormatError(
            f"{where}: unknown key '{prefix}{extra[0]}'; valid keys are: {', '.join(sorted(known))}"
        )


def roster_from_dict(data: Any, *, source: str = "<roster>", where: str | None = None) -> Roster:
    """Validate a parsed roster file; every problem is a one-line :class:`FileFormatError`,
    starting ``roster SOURCE: `` (or ``WHERE: `` when given: a roster inside another file)."""
    expect(source, str, "source", "the name the errors give the data")
    if where is not None:
        expect(where, str, "where", "the place the errors name")
    where = f"roster {source}" if where is None else where
    if not isinstance(data, dict):
        raise FileFormatError(f"{where}: expected a table/object at the top level")
    known = {
        "name",
        "accomplices",
        "colors",
        "garments",
        "plurals",
        "wolves",
        "sheep",
        "bag",
        "track",
    }
    _known_keys(data, known, where)
    colors = _str_list(data, "colors", where, MAX_COLORS)
    garments = _str_list(data, "garments", where, MAX_GARMENTS)
    _unique(colors, "colour", where)
    _unique(garments, "garment", where)
    _typable(colors, "colour", where)
    _typable(garments, "garment", where)
    _one_spelling(colors, garments, where)
    colors_t, garments_t = tuple(colors), tuple(garments)
    plurals = _parse_plurals(data.get("plurals"), garments_t, where)
    _one_plural(garments_t, plurals, where)

    raw_wolves = data.get("wolves")
    if not isinstance(raw_wolves, list) or not raw_wolves:
        raise FileFormatError(f"{where}: 'wolves' must be a non-empty list of [[wolves]] tables")
    if len(raw_wolves) > MAX_WOLVES:
        raise FileFormatError(f"{where}: {len(raw_wolves)} wolves; at most {MAX_WOLVES} allowed")
    wolves: list[Wolf] = []
    for i, raw in enumerate(raw_wolves):
        if not isinstance(raw, dict) or "name" not in raw:
            raise FileFormatError(f"{where}: wolf #{i + 1} needs a 'name'")
        name = _name(raw["name"], f"wolf #{i + 1}: 'name'", where)
        wears_raw = raw.get("wears")
        if not isinstance(wears_raw, list) or not all(isinstance(w, str) for w in wears_raw):
            raise FileFormatError(f"{where}: wolf {name!r} needs 'wears', a list of items")
        try:
            wears = [parse_item(w, colors_t, garments_t) for w in wears_raw]
        except UnknownNameError as exc:
            raise FileFormatError(f"{where}: wolf {name!r}: {exc}") from None
        garments_worn = [w.garment for w in wears]
        for g in garments_worn:
            if garments_worn.count(g) > 1:
                raise FileFormatError(
                    f"{where}: wolf {name!r} wears two {garment_plural(g, plurals)}"
                )
        if not wears:
            raise FileFormatError(
                f"{where}: wolf {name!r} wears nothing; a wolf wears at least one item (its "
                "card shows an outfit, and an accomplice names something the culprit wears)"
            )
        _known_keys(raw, {"name", "wears"}, f"{where}: wolf {name!r}")
        wolves.append(Wolf(name, tuple(wears)))
    _unique([w.name for w in wolves], "wolf", where)

    raw_sheep = data.get("sheep")
    if not isinstance(raw_sheep, list):
        raise FileFormatError(f"{where}: 'sheep' must be a list of [[sheep]] tables")
    if not MIN_SHEEP <= len(raw_sheep) <= MAX_SHEEP:
        raise FileFormatError(
            f"{where}: {len(raw_sheep)} sheep; a roster has {MIN_SHEEP} to {MAX_SHEEP}"
        )

    bag = _parse_bag(data.get("bag"), where)
    sheep: list[Sheep] = []
    worn = {item for w in wolves for item in w.wears}
    for i, raw in enumerate(raw_sheep):
        if not isinstance(raw, dict) or "name" not in raw:
            raise FileFormatError(f"{where}: sheep #{i + 1} needs a 'name'")
        name = _name(raw["name"], f"sheep #{i + 1}: 'name'", where)
        likes_raw = raw.get("likes", [])
        if not isinstance(likes_raw, list) or not all(isinstance(v, str) for v in likes_raw):
            raise FileFormatError(f"{where}: sheep {name!r}: 'likes' must be a list of vegetables")
        try:
            likes = [bag.vegetable(veg) for veg in likes_raw]
        except UnknownNameError as exc:
            raise FileFormatError(f"{where}: sheep {name!r} likes an {exc}") from None
        if likes and len(set(likes)) != LIKED:
            # each sheep tile shows the 3 vegetables it likes (spec; rulebook, Turn 2A)
            raise FileFormatError(
                f"{where}: sheep {name!r} likes {', '.join(likes)}: a sheep likes "
                f"{LIKED} different vegetables (or leave 'likes' out: interviews only)"
            )
        testimony: Item | None = None
        if raw.get("testimony") is not None:
            if not isinstance(raw["testimony"], str):
                raise FileFormatError(f"{where}: sheep {name!r}: 'testimony' must be an item")
            try:
                testimony = parse_item(raw["testimony"], colors_t, garments_t)
            except UnknownNameError as exc:
                raise FileFormatError(f"{where}: sheep {name!r}: {exc}") from None
            if testimony not in worn:
                raise FileFormatError(
                    f"{where}: sheep {name!r} testifies about {testimony}, which no wolf wears"
                )
        _known_keys(raw, {"name", "likes", "testimony"}, f"{where}: sheep {name!r}")
        sheep.append(Sheep(name, tuple(likes), testimony))
    _unique([s.name for s in sheep], "sheep", where)
    _typable([s.name for s in sheep], "sheep", where)
    _told_apart([s.name for s in sheep], bag, where)

    accomplices = data.get("accomplices", 4)
    if isinstance(accomplices, bool) or not isinstance(accomplices, int):
        raise FileFormatError(f"{where}: 'accomplices' must be a whole number")
    if not 0 <= accomplices <= len(sheep) - 2:
        what = (
            f"{accomplices} accomplices"
            if "accomplices" in data
            else (f"'accomplices' is not given, and the box's {accomplices} are too many")
        )
        raise FileFormatError(
            f"{where}: {what} among {len(sheep)} sheep; "
            f"allowed are 0 to {len(sheep) - 2} (the honest sheep sit in a circle of at least 2)"
        )
    track = _parse_track(data.get("track"), where)
    name = data.get("name", Path(source).stem if source != "default" else "default")
    return Roster(
        name=_name(name, "'name'", where),
        colors=colors_t,
        garments=garments_t,
        wolves=tuple(wolves),
        sheep=tuple(sheep),
        accomplices=accomplices,
        bag=bag,
        track=track,
        plurals=plurals,
    )


def _parse_plurals(raw: Any, garments: tuple[str, ...], where: str) -> tuple[tuple[str, str], ...]:
    """The ``plurals`` table (garment = its plural), in the order of the garments."""
    if raw is None:
        return ()
    if not isinstance(raw, dict):
        raise FileFormatError(
            f"{where}: 'plurals' must be a table of garment = plural, such as"
            ' [plurals] "top hat" = "top hats"'
        )
    named = {fold(g): g for g in garments}
    found: dict[str, str] = {}
    for key, value in raw.items():
        garment = named.get(fold(key)) if isinstance(key, str) else None
        if garment is None:
            raise FileFormatError(
                f"{where}: plurals: unknown garment {shown(str(key), 60)!r}; valid garments"
                f" are: {', '.join(garments)}"
            )
        if garment in found:
            raise FileFormatError(f"{where}: plurals: garment {garment!r} appears twice")
        found[garment] = _name(value, f"the plural of {garment!r}", where)
        other = named.get(fold(found[garment]))
        # "red Hosen": the item, or the plural? (unless that is the plural it has anyway)
        if other is not None and other != garment and found[garment] != garment_plural(garment):
            raise FileFormatError(
                f"{where}: plurals: the plural of {garment!r} is {found[garment]!r}, the name of"
                " another garment: the steps and slips could not tell them apart"
            )
    return tuple((g, found[g]) for g in garments if g in found)


def _one_plural(
    garments: tuple[str, ...], plurals: tuple[tuple[str, str], ...], where: str
) -> None:
    """Refuse two garments with one plural: the wolves in them would be named alike ("the
    wolves in blue hats" for "blue hat" and "blue hats": cases25), with a table or without."""
    table = {garment for garment, _ in plurals}
    said: dict[str, str] = {}
    for garment in garments:
        plural = garment_plural(garment, plurals)
        other = said.setdefault(fold(plural).casefold(), garment)
        if other != garment:
            named = "plurals: " if other in table or garment in table else ""
            raise FileFormatError(
                f"{where}: {named}the garments {other!r} and {garment!r} have one plural,"
                f" {plural!r}: the steps and slips could not tell the wolves in them apart"
            )


def _parse_bag(raw: Any, where: str) -> Bag:
    if raw is None:
        return Bag(tuple(BOX_BAG_SIZES.items()))
    if not isinstance(raw, dict):
        raise FileFormatError(f"{where}: 'bag' must be a table")
    sizes_raw = raw.get("sizes", {size: list(kinds) for size, kinds in BOX_BAG_SIZES.items()})
    if not isinstance(sizes_raw, dict) or not sizes_raw:
        raise FileFormatError(f"{where}: 'bag.sizes' must map size names to lists of vegetables")
    _known_keys(raw, {"sizes", "ripe", "spoiled"}, where, "bag.")
    sizes: list[tuple[str, tuple[str, ...]]] = []
    all_kinds: list[str] = []
    for size, kinds in sizes_raw.items():
        size_name = _name(size, "a bag size", where)
        if not isinstance(kinds, list):
            raise FileFormatError(f"{where}: bag size {size_name!r} must list vegetable names")
        clean = tuple(_name(k, f"a vegetable of bag size {size_name!r}", where) for k in kinds)
        sizes.append((size_name, clean))
        all_kinds.extend(clean)
        if len(all_kinds) > MAX_VEGETABLES:
            raise FileFormatError(f"{where}: the bag has more than {MAX_VEGETABLES} vegetables")
    _unique(all_kinds, "vegetable", where)
    ripe, spoiled = raw.get("ripe", 3), raw.get("spoiled", 1)
    for key, value, low in (("ripe", ripe, 1), ("spoiled", spoiled, 0)):
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= MAX_TOKENS:
            raise FileFormatError(
                f"{where}: 'bag.{key}' must be a whole number from {low} to {MAX_TOKENS}"
            )
    return Bag(tuple(sizes), ripe, spoiled)


def _parse_track(raw: Any, where: str) -> Track:
    if raw is None:
        return Track()
    if not isinstance(raw, dict):
        raise FileFormatError(f"{where}: 'track' must be a table")
    _known_keys(raw, {"one_star", "two_star"}, where, "track.")
    values: dict[str, int] = {}
    for key, default in (("one_star", 14), ("two_star", 10)):
        value = raw.get(key, default)
        if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= MAX_TRACK:
            raise FileFormatError(
                f"{where}: 'track.{key}' must be a whole number of spaces from 1 to {MAX_TRACK}"
            )
        values[key] = value
    return Track(**values)


def roster_to_dict(roster: Roster) -> dict[str, Any]:
    """The file form of a roster (TOML/JSON structure); ``roster_from_dict`` inverts it."""
    out: dict[str, Any] = {
        "name": roster.name,
        "accomplices": roster.accomplices,
        "colors": list(roster.colors),
        "garments": list(roster.garments),
        **({"plurals": dict(roster.plurals)} if roster.plurals else {}),
        "bag": {
            "ripe": roster.bag.ripe,
            "spoiled": roster.bag.spoiled,
            "sizes": {size: list(kinds) for size, kinds in roster.bag.sizes},
        },
        "track": {"one_star": roster.track.one_star, "two_star": roster.track.two_star},
        "wolves": [{"name": w.name, "wears": [str(i) for i in w.wears]} for w in roster.wolves],
        "sheep": [],
    }
    for s in roster.sheep:
        entry: dict[str, Any] = {"name": s.name}
        if s.likes:
            entry["likes"] = list(s.likes)
        if s.testimony is not None:
            entry["testimony"] = str(s.testimony)
        out["sheep"].append(entry)
    return out
