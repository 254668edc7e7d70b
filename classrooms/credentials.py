"""Secrets a child can read: class codes, student passwords, usernames and QR login tokens."""

import hashlib
import re
import secrets
import unicodedata

# No look-alikes: no 0/O/Q/D-ish pairs, no 1/I/L, no 2/Z, no 5/S, no 8/B.
CLASS_CODE_ALPHABET = "ACEFGHJKMNPRTUVWXY34679"
CLASS_CODE_LENGTH = 6

# Short, concrete words a 7-year-old can read and type; no look-alike letters matter in words.
_WORDS = (
    "ant bag bat bear bee bell bird boat book box bus cake cat cow cup dog door drum duck egg "
    "fan farm fish frog gate goat hat hen hill jam jar jet key kite lamp leaf lion map milk moon "
    "mop nest net owl pan pear pen pig pot rain ring road rock rose sack seal ship shoe sock star "
    "sun tap tent tree van web wind wolf yak zoo apple berry cloud crab deer fox gift grape horse "
    "juice lemon mango melon mouse nut panda plum robin sand snow swan tiger toast train whale"
)
PASSWORD_WORDS = tuple(_WORDS.split())
# The same for a Norwegian class: short everyday nouns a Norwegian 7-year-old reads, written
# without æ, ø and å (any keyboard types them, and nothing to confuse: "bjørn" or "bjorn").
_WORDS_NB = (
    "ape bil bok bord bro buss due egg elg fisk fly fot frosk gris hane hatt hest hus hund is "
    "kake katt ku kopp lam lampe laks lue melk mus nese ost pil pute rev ris ring rose sau sekk "
    "sko sol sopp stein stol tak tog tre ulv vann vei ball banan eple gave hval kanin kule maur "
    "tiger tomat ugle vase vott dukke gaffel kniv fugl geit panda robot sand seil skog slott "
    "tann telt tromme vind blomst pizza boks bjelle traktor drage gulrot krabbe perle pose "
    "rakett skjerf snegl sykkel trapp vogn hytte kurv sjiraff mango"
)
PASSWORD_WORDS_BY_LANGUAGE = {"en": PASSWORD_WORDS, "nb": tuple(_WORDS_NB.split())}

TOKEN_BYTES = 18


def class_code_generate() -> str:
    """A random class code such as `HK4MTX` (not checked for uniqueness here)."""
    return "".join(secrets.choice(CLASS_CODE_ALPHABET) for _ in range(CLASS_CODE_LENGTH))


def class_code_normalise(text: str) -> str:
    """What the student typed, as a code: upper case, spaces and dashes dropped."""
    return re.sub(r"[\s\-]", "", text or "").upper()[:20]


def password_generate(language: str = "en") -> str:
    """Two different short words of the class's language joined by a dash, e.g. `kite-lamp`
    (`hest-sol` for a Norwegian class); a language without a word list gets English words."""
    words = PASSWORD_WORDS_BY_LANGUAGE.get(language, PASSWORD_WORDS)
    first = secrets.choice(words)
    second = secrets.choice([w for w in words if w != first])
    return f"{first}-{second}"


def password_normalise(text: str) -> str:
    """What a pupil typed, as the password it means: small letters, the words joined by one
    dash (`Road Rose`, ` road - rose `, `ROAD_ROSE` -> `road-rose`).

    Every student password is two small words joined by a dash, so this forgives the format
    and never widens the set of passwords."""
    folded = unicodedata.normalize("NFKC", text or "").strip().lower()
    return re.sub(r"[\s\-\u2010-\u2015\u2212_.,]+", "-", folded).strip("-")


def username_base(name: str) -> str:
    """ASCII letters of a name, lower case, at most 12 (`Zoë O'Neil` -> `zoeoneil`)."""
    ascii_name = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode()
    letters = re.sub(r"[^a-z]", "", ascii_name.lower())
    return (letters or "student")[:12]


def login_token_generate() -> tuple[str, str]:
    """A new QR login secret and the hash we store: `(token, sha256_hex)`."""
    token = secrets.token_urlsafe(TOKEN_BYTES)
    return token, login_token_hash(token)


def login_token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()
