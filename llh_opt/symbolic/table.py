"""The symbol table of a root module: `llh.symbolic_int` declarations, fresh names and the
`module @__symbol__` that holds relation ops (spec §4.1, §4.2).

New declarations go to the front of the root module body and new relations to the front of
`__symbol__`, so both print newest first. `__symbol__` is found on creation and only created when a
relation is actually emitted (D6). Ops erased behind the table's back (a pattern erasing a
declaration) are noticed: a detached declaration counts as absent.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from llh_opt.dialects.builtin import ModuleOp
from llh_opt.ir.attributes import LocationAttr, StringAttr, UnknownLoc
from llh_opt.ir.core import Block, Operation, module_body

__all__ = ["SYMBOL_MODULE_NAME", "SymbolTable", "is_symbol_module"]

SYMBOL_MODULE_NAME = "__symbol__"
_UNKNOWN = UnknownLoc()


def is_symbol_module(op: Operation) -> bool:
    """`op` is a `module @__symbol__` nested in another module."""
    if op.name != "builtin.module":
        return False
    name = op.properties.get("sym_name")
    return (
        isinstance(name, StringAttr)
        and name.value == SYMBOL_MODULE_NAME
        and op.parent_op is not None
        and op.parent_op.name == "builtin.module"
    )


class SymbolTable:
    """Declarations (name → `llh.symbolic_int` op) of one root module, the fresh-name counter and
    the `__symbol__` module."""

    __slots__ = ("_counter", "_symbol_module", "_taken", "body", "decls", "module")

    def __init__(self, module: Operation) -> None:
        self.module = module
        self.body: Block = module_body(module)
        self.decls: dict[str, Operation] = {}
        self._taken: set[str] = set()  # other symbol names of the module (functions, ...)
        self._symbol_module: Operation | None = None
        self._counter = 0
        for op in self.body.ops:
            if op.name == "llh.symbolic_int":
                name = op.properties.get("sym_name")
                if isinstance(name, StringAttr) and name.value not in self.decls:
                    self.decls[name.value] = op
                continue
            if self._symbol_module is None and is_symbol_module(op):
                self._symbol_module = op
            name = op.properties.get("sym_name")
            if isinstance(name, StringAttr):
                self._taken.add(name.value)

    # ------------------------------------------------------------------ declarations

    def declaration(self, name: str) -> Operation | None:
        """The live declaration of `name` (None if absent or erased)."""
        op = self.decls.get(name)
        if op is None:
            return None
        if op.parent is not self.body:
            del self.decls[name]
            return None
        return op

    def is_declared(self, name: str) -> bool:
        return self.declaration(name) is not None

    def declare(self, name: str, location: LocationAttr = _UNKNOWN) -> Operation:
        """`get_or_build`: the declaration of `name`, created at the front of the body if absent."""
        op = self.declaration(name)
        if op is None:
            op = Operation.create(
                "llh.symbolic_int", properties={"sym_name": StringAttr(name)}, location=location
            )
            self.body.prepend(op)
            self.decls[name] = op
        return op

    def forget(self, name: str, erase: bool = True) -> None:
        """Drop the declaration of `name` (erasing the op when `erase`)."""
        op = self.decls.pop(name, None)
        if op is not None and erase and op.parent is self.body:
            op.erase()

    def declared_names(self) -> Iterator[str]:
        """Declared names in printing order (newest first)."""
        for op in self.body.ops:
            if op.name == "llh.symbolic_int":
                name = op.properties.get("sym_name")
                if isinstance(name, StringAttr) and self.decls.get(name.value) is op:
                    yield name.value

    def fresh_name(self, taken: Callable[[str], bool]) -> str:
        """The next `s<N>` (the counter never goes back) not declared, not naming another symbol of
        the module, and for which `taken` is false."""
        while True:
            name = f"s{self._counter}"
            self._counter += 1
            if name in self.decls or name in self._taken or taken(name):
                continue
            return name

    # ------------------------------------------------------------------ __symbol__

    def symbol_module(self, create: bool = False) -> Operation | None:
        """The `module @__symbol__`, appended at the end of the root body when `create` and absent."""
        m = self._symbol_module
        if m is not None and m.parent is self.body:
            return m
        self._symbol_module = None
        for op in self.body.ops:
            if is_symbol_module(op):
                self._symbol_module = op
                return op
        if not create:
            return None
        m = ModuleOp.build(SYMBOL_MODULE_NAME)
        self.body.append(m)
        self._symbol_module = m
        return m

    def relation_ops(self) -> Iterator[Operation]:
        """The ops of `__symbol__`, in printing order (newest first)."""
        m = self.symbol_module()
        if m is None:
            return iter(())
        return module_body(m).ops

    def emit_relation(self, op: Operation) -> Operation:
        """Insert a relation op at the front of `__symbol__` (created if needed)."""
        m = self.symbol_module(create=True)
        assert m is not None
        module_body(m).prepend(op)
        return op
