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

TOKEN_BYTES = 18


def class_code_generate() -> str:
    """A random class code such as `HK4MTX` (not checked for uniqueness here)."""
    return "".join(secrets.choice(CLASS_CODE_ALPHABET) for _ in range(CLASS_CODE_LENGTH))


def class_code_normalise(text: str) -> str:
    """What the student typed, as a code: upper case, spaces and dashes dropped."""
    return re.sub(r"[\s\-]", "", text or "").upper()[:20]


def password_generate() -> str:
    """Two different short words joined by a dash, e.g. `kite-lamp`."""
    first = secrets.choice(PASSWORD_WORDS)
    second = secrets.choice([w for w in PASSWORD_WORDS if w != first])
    return f"{first}-{second}"


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
