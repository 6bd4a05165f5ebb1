"""The func dialect: `func.func`, `func.return`, `func.call`, `func.call_indirect`,
`func.constant`, with MLIR's custom forms and verifier messages.

Generic symbol-table checks (unique names) live in ``ir/verifier.py``; the call-graph passes
(inlining, dead-function elimination) live in ``passes/``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from llh_opt.diagnostics import Diagnostic, Severity
from llh_opt.ir.attributes import (
    ArrayAttr,
    Attribute,
    DictionaryAttr,
    LocationAttr,
    StringAttr,
    SymbolRefAttr,
    TypeAttr,
    UnknownLoc,
)
from llh_opt.ir.core import Block, Operation, Value
from llh_opt.ir.opdef import (
    ANY_TYPE,
    DICT_ARRAY_ATTR,
    FLAT_SYMBOL_REF_ATTR,
    FUNCTION_TYPE_ATTR,
    STRING_ATTR,
    SYMBOL_NAME_ATTR,
    UNIT_ATTR,
    Dialect,
    IsolatedFromAbove,
    IsTerminator,
    OperandDef,
    PropDef,
    Pure,
    ResultDef,
    SymbolTrait,
    TypeConstraint,
    VerifyError,
    has_parent,
    op_error,
    register,
    register_dialect,
)
from llh_opt.ir.types import FunctionType, Type

if TYPE_CHECKING:
    from llh_opt.printer import Printer

__all__ = [
    "FUNC",
    "CallIndirectOp",
    "CallOp",
    "ConstantOp",
    "FuncOp",
    "ReturnOp",
    "plain_error",
]

FUNC = register_dialect(Dialect("func", inlinable=True))

_UNKNOWN = UnknownLoc()

FUNCTION_TYPE = TypeConstraint("function type", lambda t: isinstance(t, FunctionType))


def _quoted(types: Sequence[Type]) -> str:
    """A type list as MLIR diagnostics print it: `'i32', 'f32'`."""
    return ", ".join(f"'{t}'" for t in types)


def plain_error(op: Operation, message: str) -> VerifyError:
    """A verifier error whose message is not prefixed by `'name' op` (MLIR's `emitError`)."""
    err = VerifyError(op, message)
    err.diagnostic.message = message
    err.args = (message,)
    return err


# --------------------------------------------------------------------------- func.func


@register
class FuncOp(Operation):
    """`func.func [visibility] @name(%arg0: T {attrs}, ...) -> (R {attrs}) [attributes {...}] {...}`;
    a declaration has no body and prints its argument types only."""

    __slots__ = ()
    OPERATION_NAME = "func.func"
    SUMMARY = "An operation with a name containing a single `SSACFG` region"
    PROPERTIES = (
        PropDef("sym_name", SYMBOL_NAME_ATTR),
        PropDef("function_type", FUNCTION_TYPE_ATTR),
        PropDef("sym_visibility", STRING_ATTR, optional=True),
        PropDef("arg_attrs", DICT_ARRAY_ATTR, optional=True),
        PropDef("res_attrs", DICT_ARRAY_ATTR, optional=True),
        PropDef("no_inline", UNIT_ATTR, optional=True),
    )
    TRAITS = (SymbolTrait, IsolatedFromAbove)
    NUM_REGIONS = 1
    DEFAULT_DIALECT = "func"
    ELIDED = ("sym_name", "sym_visibility", "function_type", "arg_attrs", "res_attrs")

    @classmethod
    def build(
        cls,
        name: str,
        function_type: FunctionType,
        *,
        visibility: str | None = None,
        arg_attrs: Sequence[dict[str, Attribute]] | None = None,
        res_attrs: Sequence[dict[str, Attribute]] | None = None,
        attributes: dict[str, Attribute] | None = None,
        declaration: bool = False,
        location: LocationAttr = _UNKNOWN,
    ) -> FuncOp:
        """A function; unless `declaration`, with an entry block whose arguments match the inputs
        (the body is left empty: append ops and a `func.return`)."""
        props: dict[str, Attribute] = {
            "sym_name": StringAttr(name),
            "function_type": TypeAttr(function_type),
        }
        if visibility is not None:
            props["sym_visibility"] = StringAttr(visibility)
        if arg_attrs is not None:
            props["arg_attrs"] = ArrayAttr(tuple(DictionaryAttr(d) for d in arg_attrs))
        if res_attrs is not None:
            props["res_attrs"] = ArrayAttr(tuple(DictionaryAttr(d) for d in res_attrs))
        op = Operation.create(
            cls.OPERATION_NAME,
            properties=props,
            attributes=attributes,
            regions=1,
            location=location,
        )
        if not declaration:
            op.regions[0].add_block(Block(function_type.inputs))
        return op  # type: ignore[return-value]

    @property
    def sym_name(self) -> str:
        return self.properties["sym_name"].value  # type: ignore[attr-defined]

    @property
    def function_type(self) -> FunctionType:
        return self.properties["function_type"].type  # type: ignore[attr-defined]

    @property
    def is_declaration(self) -> bool:
        return not self.regions[0].blocks

    @property
    def entry_block(self) -> Block:
        return self.regions[0].blocks[0]

    @property
    def arguments(self) -> list:
        return self.regions[0].blocks[0].args

    def verify_op(self) -> None:
        vis = self.properties.get("sym_visibility")
        if vis is not None and vis.value not in ("public", "private", "nested"):  # type: ignore[attr-defined]
            raise op_error(
                self,
                f'visibility expected to be one of ["public", "private", "nested"], but got {vis}',
            )
        if self.is_declaration and (vis is None or vis.value == "public"):  # type: ignore[attr-defined]
            raise op_error(self, "symbol declaration cannot have public visibility")
        ftype = self.function_type
        for key, count, what in (
            ("arg_attrs", len(ftype.inputs), "argument"),
            ("res_attrs", len(ftype.results), "result"),
        ):
            attrs = self.properties.get(key)
            if attrs is None:
                continue
            plural = "arguments" if what == "argument" else "results"
            if len(attrs) != count:  # type: ignore[arg-type]
                raise op_error(
                    self,
                    f"expects {what} attribute array to have the same number of elements as "
                    f"the number of function {plural}, got {len(attrs)}, "  # type: ignore[arg-type]
                    f"but expected {count}",
                )
            for d in attrs:  # type: ignore[attr-defined]
                for name, _ in d.items:
                    if "." not in name:
                        raise op_error(self, f"{plural} may only have dialect attributes")
        for what, types in (("argument", ftype.inputs), ("result", ftype.results)):
            for i, t in enumerate(types):
                problem = _encoding_problem(t)
                if problem is not None:
                    raise op_error(self, f"{what} #{i} type '{t}' {problem}")
        if self.is_declaration:
            return
        entry = self.regions[0].blocks[0]
        if len(entry.args) != len(ftype.inputs):
            raise op_error(
                self,
                f"entry block must have {len(ftype.inputs)} arguments to match function signature",
            )
        for i, (arg, t) in enumerate(zip(entry.args, ftype.inputs)):
            if arg.type is not t:
                raise op_error(
                    self,
                    f"type of entry block argument #{i}('{arg.type}') must match the type of "
                    f"the corresponding argument in function signature('{t}')",
                )

    def print_custom(self, p: Printer) -> None:
        props = self.properties
        p.write(" ")
        vis = props.get("sym_visibility")
        if isinstance(vis, StringAttr):
            p.write(vis.value + " ")
        p.print_symbol_name(self.sym_name)
        ftype = self.function_type
        arg_attrs = props.get("arg_attrs")
        res_attrs = props.get("res_attrs")
        body = self.regions[0]
        entry = body.blocks[0] if body.blocks else None
        p.write("(")
        for i, t in enumerate(ftype.inputs):
            if i:
                p.write(", ")
            attrs = arg_attrs[i].items if arg_attrs is not None else ()  # type: ignore[index]
            if entry is not None and i < len(entry.args):
                p.print_region_argument(entry.args[i], attrs)
            else:
                p.print_type(t)
                p.print_optional_attr_dict(attrs)
        p.write(")")
        results = ftype.results
        if results:
            p.write(" -> ")
            parens = (
                len(results) > 1
                or isinstance(results[0], FunctionType)
                or (res_attrs is not None and len(res_attrs[0]) > 0)  # type: ignore[index]
            )
            if parens:
                p.write("(")
            for i, t in enumerate(results):
                if i:
                    p.write(", ")
                p.print_type(t)
                if res_attrs is not None:
                    p.print_optional_attr_dict(res_attrs[i].items)  # type: ignore[index]
            if parens:
                p.write(")")
        p.print_optional_attr_dict_with_keyword(p.op_attributes(self, self.ELIDED))
        if body.blocks:
            p.write(" ")
            p.print_region(body, print_entry_block_args=False, print_block_terminators=True)


# --------------------------------------------------------------------------- func.return


@register
class ReturnOp(Operation):
    """`return %a, %b : T0, T1` (`return` with no operands)."""

    __slots__ = ()
    OPERATION_NAME = "func.return"
    SUMMARY = "Function return operation"
    OPERANDS = (OperandDef("operands", ANY_TYPE, variadic=True),)
    TRAITS = (Pure, has_parent("func.func"), IsTerminator)

    @classmethod
    def build(cls, values: Sequence[Value] = (), location: LocationAttr = _UNKNOWN) -> ReturnOp:
        return Operation.create(cls.OPERATION_NAME, values, location=location)  # type: ignore[return-value]

    def verify_op(self) -> None:
        func = self.parent_op
        if not isinstance(func, FuncOp):
            return
        results = func.function_type.results
        operands = self.operands
        if len(operands) != len(results):
            raise op_error(
                self,
                f"has {len(operands)} operands, but enclosing function (@{func.sym_name}) "
                f"returns {len(results)}",
            )
        for i, (v, t) in enumerate(zip(operands, results)):
            if v.type is not t:
                raise plain_error(
                    self,
                    f"type of return operand {i} ('{v.type}') doesn't match function result "
                    f"type ('{t}') in function @{func.sym_name}",
                )

    def print_custom(self, p: Printer) -> None:
        p.print_optional_attr_dict(p.op_attributes(self))
        if self.operand_uses:
            p.write(" ")
            p.print_operands(self.operands)
            p.write(" : ")
            p.print_types(self.operand_types)


# --------------------------------------------------------------------------- func.call


@register
class CallOp(Operation):
    """`call @callee(%a) : (T) -> R`."""

    __slots__ = ()
    OPERATION_NAME = "func.call"
    SUMMARY = "call operation"
    OPERANDS = (OperandDef("operands", ANY_TYPE, variadic=True),)
    RESULTS = (ResultDef("results", ANY_TYPE, variadic=True),)
    PROPERTIES = (
        PropDef("callee", FLAT_SYMBOL_REF_ATTR),
        PropDef("arg_attrs", DICT_ARRAY_ATTR, optional=True),
        PropDef("res_attrs", DICT_ARRAY_ATTR, optional=True),
        PropDef("no_inline", UNIT_ATTR, optional=True),
    )

    @classmethod
    def build(
        cls,
        callee: str,
        operands: Sequence[Value] = (),
        result_types: Sequence[Type] = (),
        location: LocationAttr = _UNKNOWN,
    ) -> CallOp:
        return Operation.create(  # type: ignore[return-value]
            cls.OPERATION_NAME,
            operands,
            result_types,
            {"callee": SymbolRefAttr(callee)},
            location=location,
        )

    @property
    def callee(self) -> str:
        return self.properties["callee"].root  # type: ignore[attr-defined]

    def verify_symbol_uses(self, tables: Any) -> None:
        """Run by the verifier once the enclosing symbol table is verified (MLIR's
        `SymbolUserOpInterface`): the callee must be a function of matching type."""
        name = self.callee
        fn = tables.lookup_nearest_symbol_from(self, name)
        if not isinstance(fn, FuncOp):
            raise op_error(self, f"'{name}' does not reference a valid function")
        ftype = fn.function_type
        operand_types = self.operand_types
        if len(ftype.inputs) != len(operand_types):
            raise op_error(self, "incorrect number of operands for callee")
        for i, (t, want) in enumerate(zip(operand_types, ftype.inputs)):
            if t is not want:
                raise op_error(
                    self,
                    f"operand type mismatch: expected operand type '{want}', but provided "
                    f"'{t}' for operand number {i}",
                )
        result_types = self.result_types
        if len(ftype.results) != len(result_types):
            raise op_error(self, "incorrect number of results for callee")
        for i, (t, want) in enumerate(zip(result_types, ftype.results)):
            if t is not want:
                err = op_error(self, f"result type mismatch at index {i}")
                loc = err.diagnostic.loc
                err.diagnostic.notes.append(
                    Diagnostic(
                        Severity.NOTE, f"      op result types: {_quoted(result_types)}", loc
                    )
                )
                err.diagnostic.notes.append(
                    Diagnostic(
                        Severity.NOTE, f"function result types: {_quoted(ftype.results)}", loc
                    )
                )
                raise err

    def print_custom(self, p: Printer) -> None:
        p.write(" ")
        p.print_attribute(self.properties["callee"])
        p.write("(")
        p.print_operands(self.operands)
        p.write(")")
        p.print_optional_attr_dict(p.op_attributes(self, ("callee",)))
        p.write(" : ")
        p.print_functional_type(self)


@register
class CallIndirectOp(Operation):
    """`call_indirect %f(%a) : (T) -> R`."""

    __slots__ = ()
    OPERATION_NAME = "func.call_indirect"
    SUMMARY = "indirect call operation"
    OPERANDS = (
        OperandDef("callee", FUNCTION_TYPE),
        OperandDef("callee_operands", ANY_TYPE, variadic=True),
    )
    RESULTS = (ResultDef("results", ANY_TYPE, variadic=True),)

    @classmethod
    def build(
        cls, callee: Value, operands: Sequence[Value] = (), location: LocationAttr = _UNKNOWN
    ) -> CallIndirectOp:
        ftype = callee.type
        assert isinstance(ftype, FunctionType)
        return Operation.create(  # type: ignore[return-value]
            cls.OPERATION_NAME, [callee, *operands], ftype.results, location=location
        )

    def verify_op(self) -> None:
        ftype = self.callee.type
        assert isinstance(ftype, FunctionType)
        if list(ftype.inputs) != [v.type for v in self.callee_operands]:
            raise op_error(self, "failed to verify that callee input types match argument types")
        if list(ftype.results) != self.result_types:
            raise op_error(self, "failed to verify that callee result types match result types")

    def print_custom(self, p: Printer) -> None:
        callee = self.callee
        p.write(" ")
        p.print_operand(callee)
        p.write("(")
        p.print_operands(self.callee_operands)
        p.write(")")
        p.print_optional_attr_dict(p.op_attributes(self))
        p.write(" : ")
        p.print_type(callee.type)


@register
class ConstantOp(Operation):
    """`constant @f : (T) -> R`: a function value.  Its result is named `%f`."""

    __slots__ = ()
    OPERATION_NAME = "func.constant"
    SUMMARY = "constant"
    RESULTS = (ResultDef("result", ANY_TYPE),)
    PROPERTIES = (PropDef("value", FLAT_SYMBOL_REF_ATTR),)
    TRAITS = (Pure,)

    @classmethod
    def build(cls, name: str, type: FunctionType, location: LocationAttr = _UNKNOWN) -> ConstantOp:
        return Operation.create(  # type: ignore[return-value]
            cls.OPERATION_NAME, (), [type], {"value": SymbolRefAttr(name)}, location=location
        )

    def result_names(self) -> list[str | None]:
        return ["f"]

    def verify_symbol_uses(self, tables: Any) -> None:
        name = self.properties["value"].root  # type: ignore[attr-defined]
        fn = tables.lookup_nearest_symbol_from(self, name)
        if not isinstance(fn, FuncOp):
            raise op_error(self, f"reference to undefined function '{name}'")
        if fn.function_type is not self.results[0].type:
            raise op_error(self, "reference to function with mismatched type")

    def print_custom(self, p: Printer) -> None:
        p.print_optional_attr_dict(p.op_attributes(self, ("value",)))
        p.write(" ")
        p.print_attribute(self.properties["value"])
        p.write(" : ")
        p.print_types(self.result_types)


def _encoding_problem(t: Type) -> str | None:
    """Why a tensor type's encoding contradicts the type, when the encoding attribute can tell
    (MLIR's `VerifiableTensorEncoding`: a `verify_encoding(type) -> str | None` method), else
    None. Checked on every function's signature, entrance or not, used or not."""
    enc = getattr(t, "encoding", None)
    check = getattr(enc, "verify_encoding", None)
    return None if check is None else check(t)
