"""The pass registry: the `Pass` base class, typed `PassOption`s, `@register_pass`, and MLIR's
pass-option syntax (parsing `max-iterations=10 top-down` and printing `canonicalize{...}`).

Pipelines, nesting and instrumentation live in ``pass_manager.py``; each pass in its own module.
"""

from __future__ import annotations

import importlib

import re
import typing
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any, ClassVar

from llh_opt.diagnostics import Diagnostic, DiagnosticError, Severity

if TYPE_CHECKING:
    from llh_opt.ir.core import Operation
    from llh_opt.passes.pass_manager import PassContext

__all__ = [
    "Pass",
    "PassOption",
    "PassOptionsError",
    "all_passes",
    "create_pass",
    "format_pass_list",
    "lookup_pass",
    "register_pass",
]


# --------------------------------------------------------------------------- options


_VALUE_NAMES = {bool: "", int: "long", float: "number", str: "string"}
_INT_WORDS = {"long": "long", "int": "integer", "uint": "uint", "ulong": "ulong"}


class PassOption:
    """One typed option of a pass: `type` is `bool`, `int`, `float`, `str` or `list[str]`.

    `value_name` is what `--list-passes` shows in `--name=<value_name>` and what bad integers are
    called in errors (MLIR: `long` for int64_t options, `int`, `uint`); `aliases` are extra names
    accepted when parsing."""

    __slots__ = ("aliases", "default", "help", "is_list", "type", "value_name")

    def __init__(
        self,
        type: Any,
        default: Any = None,
        help: str = "",
        aliases: Iterable[str] = (),
        value_name: str | None = None,
    ) -> None:
        self.is_list = typing.get_origin(type) is list
        if self.is_list:
            (elt,) = typing.get_args(type) or (str,)
            if elt is not str:
                raise TypeError("list options hold strings (list[str])")
        elif type not in (bool, int, float, str):
            raise TypeError(f"unsupported pass option type {type!r}")
        self.type = type
        if default is None:
            default = [] if self.is_list else {bool: False, int: 0, float: 0.0, str: ""}[type]
        self.default = list(default) if self.is_list else default
        self.help = help
        self.aliases = tuple(aliases)
        self.value_name = (
            value_name
            if value_name is not None
            else ("string" if self.is_list else _VALUE_NAMES[type])
        )

    @property
    def type_name(self) -> str:
        """`bool`, `long`, `string`, ... (for help texts)."""
        return self.value_name or "bool"

    @property
    def default_text(self) -> str:
        return format_option_value(self, self.default)

    def initial(self) -> Any:
        return list(self.default) if self.is_list else self.default

    def coerce(self, name: str, value: Any) -> Any:
        """Check a value given from Python (keyword arguments)."""
        if self.is_list:
            if isinstance(value, str) or not all(isinstance(v, str) for v in value):
                raise TypeError(f"option '{name}' expects a list of strings")
            return list(value)
        t = self.type
        ok = isinstance(value, t) and (t is not int or not isinstance(value, bool))
        if t is float and isinstance(value, int) and not isinstance(value, bool):
            return float(value)
        if not ok:
            raise TypeError(f"option '{name}' expects {t.__name__}, got {value!r}")
        return value


class PassOptionsError(DiagnosticError):
    """Options text that does not parse. `text` is what MLIR's option parser writes to its
    error stream (ends in a newline), `options` the text that was being parsed."""

    def __init__(self, pass_name: str, options: str, text: str, suggestion: str = "") -> None:
        self.pass_name = pass_name
        self.options = options
        self.text = text
        self.suggestion = suggestion  # "did you mean 'max-iterations'?" for an unknown option
        super().__init__(Diagnostic(Severity.ERROR, text))


class _OptionError(Exception):
    def __init__(self, text: str, suggestion: str = "") -> None:
        super().__init__(text)
        self.text = text
        self.suggestion = suggestion


def _find_char(s: str, index: int, c: str) -> int:
    """MLIR's `findChar`: the next `c` at or after `index`, skipping `{}`/`()`/`[]` ranges and
    quoted literals; -1 when absent."""
    i = index
    n = len(s)
    while i < n:
        ch = s[i]
        if ch == c:
            return i
        if ch == "{":
            i = _find_char(s, i + 1, "}")
        elif ch == "(":
            i = _find_char(s, i + 1, ")")
        elif ch == "[":
            i = _find_char(s, i + 1, "]")
        elif ch == '"' or ch == "'":
            i = s.find(ch, i + 1)
        if i == -1:
            return -1
        i += 1
    return -1


_WS = " \t\n\v\f\r"


def _extract_arg(options: str, size: int) -> tuple[str, str]:
    """MLIR's `extractArgAndUpdateOptions`: the trimmed argument (quotes or one level of
    enclosing braces removed) and the rest of the options."""
    arg = options[:size].strip(_WS)
    rest = options[size:].lstrip(_WS)
    if len(arg) <= 1:
        return arg, rest
    for q in ("'", '"'):
        if arg[0] == q and arg[-1] == q:
            return arg[1:-1].strip(_WS), rest
    if arg[0] == "{" and _find_char(arg, 1, "}") == len(arg) - 1:
        arg = arg[1:-1].strip(_WS)
    return arg, rest


def _next_arg(options: str) -> tuple[str, str | None, str]:
    """MLIR's `parseNextArg`: (key, value or None when there is no `=`, rest)."""
    n = len(options)
    i = 0
    while True:
        if i == n or options[i] == " ":
            key, rest = _extract_arg(options, i)
            return key, None, rest
        if options[i] == "=":
            key, rest = _extract_arg(options, i)
            options = rest[1:]
            break
        i += 1
    n = len(options)
    i = 0
    while True:
        if i == n or options[i] == " ":
            value, rest = _extract_arg(options, i)
            return key, value, rest
        c = options[i]
        if c == "'" or c == '"':
            j = options.find(c, i + 1)
            if j != -1:
                i = j
        elif c == "{":
            depth = 1
            i += 1
            while i < n:
                ch = options[i]
                if ch == "'" or ch == '"':
                    j = options.find(ch, i + 1)
                    if j != -1:
                        i = j
                elif ch == "{":
                    depth += 1
                elif ch == "}":
                    depth -= 1
                    if depth == 0:
                        break
                i += 1
            i -= 1
        i += 1


def split_list_value(text: str) -> list[str]:
    """MLIR's `parseCommaSeparatedList`: `a,{b,c},"d e"` → ['a', 'b,c', 'd e']."""
    out: list[str] = []
    if not text:
        return out
    pos = _find_char(text, 0, ",")
    while pos != -1:
        elt, text = _extract_arg(text, pos)
        out.append(elt)
        text = text[1:]
        pos = _find_char(text, 0, ",")
    elt, _ = _extract_arg(text, len(text))
    out.append(elt)
    return out


_INT_RE = re.compile(r"-?(0[xX][0-9a-fA-F]+|0[bB][01]+|0[oO][0-7]+|0[0-7]*|[1-9][0-9]*)\Z")


def _parse_int(text: str) -> int | None:
    """`StringRef::getAsInteger(0, ...)`: decimal, 0x hex, 0b binary, 0o / leading-0 octal."""
    if _INT_RE.match(text) is None:
        return None
    neg = text.startswith("-")
    body = text[1:] if neg else text
    if len(body) > 1 and body[0] == "0" and body[1].isdigit():
        v = int(body[1:], 8)  # C-style octal, which Python's base 0 rejects
    else:
        v = int(body, 0)
    return -v if neg else v


def _convert(name: str, opt: PassOption, value: str | None) -> Any:
    """llvm::cl's value parsers; errors are worded as llvm::cl words them."""
    where = f"for the --{name} option: "
    if opt.type is bool and not opt.is_list:
        if value is None or value in ("", "true", "TRUE", "True", "1"):
            return True
        if value in ("false", "FALSE", "False", "0"):
            return False
        raise _OptionError(f"{where}'{value}' is invalid value for boolean argument! Try 0 or 1\n")
    if value is None:
        raise _OptionError(f"{where}requires a value!\n")
    if opt.is_list:
        return split_list_value(value)
    if opt.type is int:
        v = _parse_int(value)
        if v is None or (v < 0 and opt.value_name in ("uint", "ulong")):
            word = _INT_WORDS.get(opt.value_name, opt.value_name)
            raise _OptionError(f"{where}'{value}' value invalid for {word} argument!\n")
        return v
    if opt.type is float:
        try:
            return float(value)
        except ValueError:
            raise _OptionError(
                f"{where}'{value}' value invalid for floating point argument!\n"
            ) from None
    return value


def format_string_value(s: str) -> str:
    """MLIR's `printOptionValue` for strings: braces when a space comes before any `{'"`."""
    space = s.find(" ")
    if space < 0:
        return s
    others = [i for i in (s.find("{"), s.find("'"), s.find('"')) if i >= 0]
    if others and min(others) < space:
        return s
    return "{" + s + "}"


def format_option_value(opt: PassOption, value: Any) -> str:
    if opt.is_list:
        return ",".join(format_string_value(v) for v in value)
    if opt.type is bool:
        return "true" if value else "false"
    if opt.type is str:
        return format_string_value(value)
    return str(value)


# --------------------------------------------------------------------------- passes


class Pass:
    """Base of every pass. Subclasses set the class attributes and implement `run`.

    `NAME` is the pipeline/flag name (`canonicalize`), `ALIASES` extra accepted names, `SUMMARY`
    the one-line help, `OPTIONS` name → `PassOption`, `ANCHOR` the op name the pass runs on
    (`"builtin.module"`, `"func.func"`) or `"any"` for op-agnostic passes, and `DISPLAY_NAME` the
    name MLIR 22 shows in IR dumps, timing and statistics reports (`Canonicalizer`, `SymbolDCE`;
    default: the Python class name without a trailing `Pass`). `STATISTICS` declares the pass's
    counters like MLIR's `Statistic` (name → description, `num-cse'd`); a run adds to them with
    `self.bump(name, n)` and `--mlir-pass-statistics` reports them.
    Option values are in `self.options` (by option name) and readable as attributes with `_`
    for `-` (`self.max_iterations`). `run(op, ctx)` raises `DiagnosticError` on failure."""

    NAME: ClassVar[str] = ""
    ALIASES: ClassVar[tuple[str, ...]] = ()
    SUMMARY: ClassVar[str] = ""
    DESCRIPTION: ClassVar[str] = ""
    OPTIONS: ClassVar[dict[str, PassOption]] = {}
    ANCHOR: ClassVar[str] = "any"
    DISPLAY_NAME: ClassVar[str] = ""
    STATISTICS: ClassVar[dict[str, str]] = {}

    __slots__ = ("options", "statistics")

    def __init__(self, **options: Any) -> None:
        self.options: dict[str, Any] = {n: o.initial() for n, o in self.OPTIONS.items()}
        self.statistics: dict[str, int] = dict.fromkeys(self.STATISTICS, 0)
        for key, value in options.items():
            name = _option_name(type(self), key.replace("_", "-"))
            if name is None:
                raise TypeError(f"no such option '{key}' for pass '{self.NAME}'")
            self.options[name] = self.OPTIONS[name].coerce(name, value)

    def __getattr__(self, attr: str) -> Any:
        try:
            options = object.__getattribute__(self, "options")
        except AttributeError:
            raise AttributeError(attr) from None
        key = attr.replace("_", "-")
        if key in options:
            return options[key]
        raise AttributeError(f"{type(self).__name__!s} has no attribute or option {attr!r}")

    @classmethod
    def display_name(cls) -> str:
        if cls.DISPLAY_NAME:
            return cls.DISPLAY_NAME
        name = cls.__name__
        return name[:-4] if name.endswith("Pass") and len(name) > 4 else name

    def bump(self, statistic: str, n: int = 1) -> None:
        """Add `n` to one of the pass's declared `STATISTICS` counters."""
        self.statistics[statistic] += n

    def run(self, op: Operation, ctx: PassContext) -> None:
        raise NotImplementedError(f"pass '{self.NAME}' does not implement run()")

    # ----------------------------------------------------------------- options text

    def parse_options(self, text: str) -> None:
        """Apply MLIR-syntax options (`max-iterations=10 top-down`); raise `PassOptionsError`
        with the text MLIR's parser reports (`<Pass-Options-Parser>: no such option x`)."""
        cls = type(self)
        seen_lists: set[str] = set()
        rest = text
        try:
            while rest:
                key, value, rest = _next_arg(rest)
                if not key:
                    continue
                name = _option_name(cls, key)
                if name is None:
                    from llh_opt.suggest import nearest

                    known = [a for n, o in cls.OPTIONS.items() for a in (n, *o.aliases)]
                    best = nearest(key, known)
                    hint = f"did you mean '{best}'?" if best is not None else ""
                    raise _OptionError(f"<Pass-Options-Parser>: no such option {key}\n", hint)
                opt = cls.OPTIONS[name]
                parsed = _convert(key, opt, value)
                if opt.is_list:
                    if name not in seen_lists:
                        seen_lists.add(name)
                        self.options[name] = []
                    self.options[name].extend(parsed)
                else:
                    self.options[name] = parsed
        except _OptionError as err:
            raise PassOptionsError(cls.NAME, text, err.text, err.suggestion) from None

    def options_text(self) -> str:
        """`{a=1 b=true}` in MLIR's order (sorted by name; empty lists print nothing), or ``""``
        for a pass without options."""
        if not self.OPTIONS:
            return ""
        parts = []
        for name in sorted(self.OPTIONS):
            opt = self.OPTIONS[name]
            value = self.options[name]
            if opt.is_list and not value:
                parts.append("")
            elif opt.is_list:
                parts.append(f"{name}={{{format_option_value(opt, value)}}}")
            else:
                parts.append(f"{name}={format_option_value(opt, value)}")
        return "{" + " ".join(parts) + "}"

    def pipeline_text(self) -> str:
        """The pass as a pipeline element (MLIR's `printAsTextualPipeline`)."""
        return self.NAME + self.options_text()

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.pipeline_text()}>"


def _option_name(cls: type[Pass], key: str) -> str | None:
    if key in cls.OPTIONS:
        return key
    for name, opt in cls.OPTIONS.items():
        if key in opt.aliases:
            return name
    return None


_REGISTRY: dict[str, type[Pass]] = {}
_BY_NAME: dict[str, type[Pass]] = {}


def register_pass(cls: type[Pass]) -> type[Pass]:
    """Class decorator: register a pass under `NAME` and its `ALIASES`."""
    name = cls.NAME
    if not name:
        raise ValueError(f"{cls.__name__} needs a NAME")
    if not cls.SUMMARY:
        raise ValueError(f"pass '{name}' needs a one-line SUMMARY")
    for n in (name, *cls.ALIASES):
        other = _BY_NAME.get(n)
        if other is not None and other is not cls and other.__qualname__ != cls.__qualname__:
            raise ValueError(f"pass name '{n}' is already registered by {other.__name__}")
    _REGISTRY[name] = cls
    for n in (name, *cls.ALIASES):
        _BY_NAME[n] = cls
    return cls


_LAZY: dict[str, str] = {}
"""Pass name or alias → the module that registers it, imported on first lookup (start-up time:
the symbolic passes pull in sympy, which the parser/printer never need)."""


def declare_pass_module(module: str, *names: str) -> None:
    """Announce that importing `module` registers the passes (and aliases) `names`."""
    for n in names:
        _LAZY[n] = module


def lookup_pass(name: str) -> type[Pass] | None:
    """The pass class registered under `name` (or one of its aliases)."""
    cls = _BY_NAME.get(name)
    if cls is None and name in _LAZY:
        importlib.import_module(_LAZY[name])
        cls = _BY_NAME.get(name)
    return cls


def all_passes() -> list[type[Pass]]:
    """Every registered pass class, sorted by name."""
    for module in set(_LAZY.values()):
        importlib.import_module(module)
    return [_REGISTRY[n] for n in sorted(_REGISTRY)]


def create_pass(name: str, options: str | None = None) -> Pass:
    """A pass instance from its name and MLIR-syntax options text; raises `DiagnosticError` as
    mlir-opt reports a bad pass flag (`--canonicalize="bad=1"`): the parser's message, then
    "failed to add `canonicalize` with options `bad=1`"."""
    cls = lookup_pass(name)
    if cls is None:
        raise DiagnosticError(
            Diagnostic(
                Severity.ERROR, f"'{name}' does not refer to a registered pass or pass pipeline"
            )
        )
    p = cls()
    if options:
        try:
            p.parse_options(options)
        except PassOptionsError as err:
            first = Diagnostic(Severity.ERROR, err.text)
            if err.suggestion:
                first.attach_note(err.suggestion)
            raise DiagnosticError(
                first,
                Diagnostic(Severity.ERROR, f"failed to add `{name}` with options `{options}`"),
            ) from None
    return p


# --------------------------------------------------------------------------- help text


def _option_spec(name: str, opt: PassOption) -> str:
    """`name=<long>` (bare `name` for bool options), as llvm::cl prints it."""
    if opt.type is bool and not opt.is_list:
        return name
    return f"{name}=<{opt.value_name}>"


def format_pass_list(passes: Iterable[type[Pass]] | None = None, indent: int = 2) -> str:
    """The body of `--list-passes` in mlir-opt's layout: `Passes:` then each pass
    (`  --name  -   summary`) and its options (`    --opt=<type>  - help`), descriptions aligned
    on the widest option."""
    passes = list(all_passes() if passes is None else passes)
    widest = 0
    for p in passes:
        for name, opt in p.OPTIONS.items():
            widest = max(widest, len(_option_spec(name, opt)) + 4)
    column = widest + 5  # where the descriptions' "-" goes (relative to `indent`)
    lines = ["Passes:"]
    pad = " " * indent
    for p in passes:
        lines.append(f"{pad}--{p.NAME.ljust(column - 2)}-   {p.SUMMARY}")
        for name in sorted(p.OPTIONS):
            opt = p.OPTIONS[name]
            head = f"{pad}  --{_option_spec(name, opt)}"
            lines.append(f"{head.ljust(indent + column)}- {opt.help}")
    return "\n".join(lines) + "\n"
