"""The scf dialect subset the loop-level IR uses: `scf.for` (with `iter_args`), `scf.yield`,
`scf.if` (with or without `else`, with results), `scf.parallel` with its `scf.reduce` terminator
and `scf.reduce.return`, with MLIR's custom forms, builders and verifier messages.

Builders create the body blocks (and the implicit `scf.yield` / `scf.reduce` terminator when the
op carries no values), as MLIR's do. Parsing the custom forms lives in ``parser/custom.py``;
lowering scf to control flow lives in the translator (``codegen/llvm``), not here.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from llh_opt.diagnostics import Diagnostic, Severity
from llh_opt.ir.attributes import (
    DenseArrayAttr,
    IntegerAttr,
    LocationAttr,
    UnitAttr,
    UnknownLoc,
)
from llh_opt.ir.core import Block, BlockArgument, Operation, Region, Value
from llh_opt.ir.opdef import (
    ANY_TYPE,
    UNIT_ATTR,
    AttrSizedOperandSegments,
    Dialect,
    IsTerminator,
    OperandDef,
    PropDef,
    Pure,
    ResultDef,
    Trait,
    TypeConstraint,
    VerifyError,
    has_parent,
    op_error,
    register,
    register_dialect,
)
from llh_opt.ir.types import IndexType, IntegerType, Type, i1, i32, index

if TYPE_CHECKING:
    from llh_opt.printer import Printer

__all__ = [
    "SCF",
    "ForOp",
    "IfOp",
    "ParallelOp",
    "ReduceOp",
    "ReduceReturnOp",
    "YieldOp",
    "ensure_terminator",
]

SCF = register_dialect(Dialect("scf", inlinable=True))

_UNKNOWN = UnknownLoc()

SIGNLESS_INT_OR_INDEX = TypeConstraint(
    "signless integer or index",
    lambda t: isinstance(t, IndexType) or (isinstance(t, IntegerType) and t.signedness == 0),
)
INDEX = TypeConstraint("index", lambda t: isinstance(t, IndexType))
I1 = TypeConstraint("1-bit signless integer", lambda t: t is i1)


def ensure_terminator(region: Region, name: str, location: LocationAttr = _UNKNOWN) -> None:
    """MLIR's `ensureTerminator`: give the single block of `region` (created when missing) an
    operand-less `name` terminator unless its last op is (or may be) a terminator."""
    if not region.blocks:
        region.add_block(Block())
    block = region.blocks[0]
    last = block.last
    if last is not None and (not last.registered or IsTerminator in type(last).TRAIT_SET):
        return
    block.append(Operation.create(name, location=location))


class _SingleBlockImplicitTerminator(Trait):
    """MLIR's `SingleBlock` part of `SingleBlockImplicitTerminator<T>`: each region has 0 or 1
    blocks (the terminator part is a region trait: `_check_terminators`, after nested ops)."""

    @staticmethod
    def verify(op: Operation) -> None:
        for i, r in enumerate(op.regions):
            if len(r.blocks) > 1:
                raise op_error(op, f"expects region #{i} to have 0 or 1 blocks")


def _require_one_block(op: Operation, index: int, name: str) -> None:
    """ODS's `SizedRegion<1>` constraint (checked before the op's own verifier, as MLIR does)."""
    if len(op.regions[index].blocks) != 1:
        raise op_error(
            op,
            f"region #{index} ('{name}') failed to verify constraint: region with 1 blocks",
        )


def _check_terminators(op: Operation) -> None:
    """The region trait of `SingleBlockImplicitTerminator<T>`: each block ends in the op class's
    `TERMINATOR` (run after the nested ops are verified, as MLIR does)."""
    want = op.TERMINATOR  # type: ignore[attr-defined]
    for r in op.regions:
        if r.blocks:
            last = r.blocks[0].last
            if last is None:
                raise op_error(op, "expects a non-empty block")
            # A block without any terminator is the verifier's "block with no terminator".
            if last.name != want and (not last.registered or IsTerminator in last.TRAIT_SET):
                raise op_error(op, f"expects regions to end with '{want}', found '{last.name}'")


def _branch_error(op: Operation, message: str, terminator: Operation) -> VerifyError:
    """MLIR's RegionBranchOpInterface error, with its `region branch point` note."""
    loc = terminator.location.file_loc() if terminator.location is not None else None
    return VerifyError(op, message, [Diagnostic(Severity.NOTE, "region branch point", loc)])


class _YieldParent(Trait):
    """MLIR's `ParentOneOf<...>` on scf.yield (one quoted list, as MLIR prints it)."""

    PARENTS = ("scf.execute_region", "scf.for", "scf.if", "scf.index_switch", "scf.while")

    @staticmethod
    def verify(op: Operation) -> None:
        p = op.parent_op
        if p is None or p.name not in _YieldParent.PARENTS:
            names = ", ".join(_YieldParent.PARENTS)
            raise op_error(op, f"expects parent op to be one of '{names}'")


def _print_arrow_types(p: Printer, types: Sequence[Type], parens: bool) -> None:
    """` -> (f32, i32)` (`parens` False: a single type prints bare, as `-> f32`)."""
    if not types:
        return
    p.write(" -> ")
    if parens or len(types) != 1:
        p.write("(")
        p.print_types(types)
        p.write(")")
    else:
        p.print_types(types)


# --------------------------------------------------------------------------- scf.yield


@register
class YieldOp(Operation):
    """`scf.yield %a, %b : f32, i32` (`scf.yield` with no values)."""

    __slots__ = ()
    OPERATION_NAME = "scf.yield"
    SUMMARY = "loop yield and termination operation"
    OPERANDS = (OperandDef("results", ANY_TYPE, variadic=True),)
    TRAITS = (Pure, IsTerminator, _YieldParent)

    @classmethod
    def build(cls, values: Sequence[Value] = (), location: LocationAttr = _UNKNOWN) -> YieldOp:
        return Operation.create(cls.OPERATION_NAME, values, location=location)  # type: ignore[return-value]

    def print_custom(self, p: Printer) -> None:
        p.print_optional_attr_dict(p.op_attributes(self))
        if self.operand_uses:
            p.write(" ")
            p.print_operands(self.operands)
            p.write(" : ")
            p.print_types(self.operand_types)


# --------------------------------------------------------------------------- scf.for


class _SameBoundTypes(Trait):
    @staticmethod
    def verify(op: Operation) -> None:
        t = op.lowerBound.type  # type: ignore[attr-defined]
        if op.upperBound.type is not t or op.step.type is not t:  # type: ignore[attr-defined]
            raise op_error(
                op, "failed to verify that all of {lowerBound, upperBound, step} have same type"
            )


@register
class ForOp(Operation):
    """`scf.for [unsigned] %iv = %lb to %ub step %s [: i32] [iter_args(%a = %init) -> (f32)]
    {...} [{attrs}]`; the body's `scf.yield` is printed only when the loop carries values."""

    __slots__ = ()
    OPERATION_NAME = "scf.for"
    SUMMARY = "for operation"
    OPERANDS = (
        OperandDef("lowerBound", SIGNLESS_INT_OR_INDEX),
        OperandDef("upperBound", SIGNLESS_INT_OR_INDEX),
        OperandDef("step", SIGNLESS_INT_OR_INDEX),
        OperandDef("initArgs", ANY_TYPE, variadic=True),
    )
    RESULTS = (ResultDef("results", ANY_TYPE, variadic=True),)
    PROPERTIES = (PropDef("unsignedCmp", UNIT_ATTR, optional=True),)
    TRAITS = (_SameBoundTypes, _SingleBlockImplicitTerminator)
    NUM_REGIONS = 1
    TERMINATOR = "scf.yield"

    @classmethod
    def build(
        cls,
        lower: Value,
        upper: Value,
        step: Value,
        iter_args: Sequence[Value] = (),
        *,
        unsigned: bool = False,
        location: LocationAttr = _UNKNOWN,
    ) -> ForOp:
        """A loop whose body block has the induction variable and one argument per iter arg.
        Without iter args the body already ends in `scf.yield` (insert before it); with them,
        append the `scf.yield` of the next values yourself."""
        props = {"unsignedCmp": UnitAttr()} if unsigned else None
        body = Block([lower.type, *(v.type for v in iter_args)])
        op = Operation.create(
            cls.OPERATION_NAME,
            [lower, upper, step, *iter_args],
            [v.type for v in iter_args],
            props,
            regions=[Region([body])],
            location=location,
        )
        if not iter_args:
            body.append(Operation.create("scf.yield", location=location))
        return op  # type: ignore[return-value]

    @property
    def body(self) -> Block:
        return self.regions[0].blocks[0]

    @property
    def induction_var(self) -> BlockArgument:
        return self.body.args[0]

    @property
    def region_iter_args(self) -> list[BlockArgument]:
        return self.body.args[1:]

    def _yielded(self) -> list[Value] | None:
        """The values the body's `scf.yield` passes on (None without one)."""
        blocks = self.regions[0].blocks
        term = blocks[0].last if blocks else None
        return term.operands if term is not None and term.name == "scf.yield" else None

    def verify_op(self) -> None:
        _require_one_block(self, 0, "region")
        inits = self.operands[3:]
        if len(inits) != len(self.results):
            raise op_error(self, "mismatch in number of loop-carried values and defined values")
        # MLIR's LoopLikeOpInterface verifier (better messages than the region-branch one).
        blocks = self.regions[0].blocks
        iter_args = blocks[0].args[1:] if blocks else []
        yielded = self._yielded() or []
        results = self.results
        if len(inits) != len(iter_args):
            raise op_error(
                self,
                f"different number of inits and region iter_args: {len(inits)} != {len(iter_args)}",
            )
        if yielded and len(iter_args) != len(yielded):
            raise op_error(
                self,
                "different number of region iter_args and yielded values: "
                f"{len(iter_args)} != {len(yielded)}",
            )
        if len(results) != len(iter_args):
            raise op_error(
                self,
                f"different number of loop results and region iter_args: {len(results)} != "
                f"{len(iter_args)}",
            )
        for i, (v, a) in enumerate(zip(inits, iter_args)):
            if v.type is not a.type:
                raise op_error(
                    self,
                    f"{i}-th init and {i}-th region iter_arg have different type: "
                    f"'{v.type}' != '{a.type}'",
                )
            if yielded and a.type is not yielded[i].type:
                raise op_error(
                    self,
                    f"{i}-th region iter_arg and {i}-th yielded value have different type: "
                    f"'{a.type}' != '{yielded[i].type}'",
                )
        for a, r in zip(iter_args, results):
            if a.type is not r.type:
                # Upstream (MLIR 22) does not advance the index here: it always says 0-th.
                raise op_error(
                    self,
                    "0-th region iter_arg and 0-th loop result have different type: "
                    f"'{a.type}' != '{r.type}'",
                )

    def verify_regions(self) -> None:
        # MLIR's order: the region-branch edges, the terminator trait, then ForOp's own check.
        term = self.regions[0].blocks[0].last if self.regions[0].blocks else None
        yielded = self._yielded()
        if yielded is not None and not yielded and self.results:
            raise _branch_error(
                self,
                "along control flow edge from Operation scf.yield to Region #0: region branch "
                f"point has 0 operands, but region successor needs {len(self.results)} inputs",
                term,  # type: ignore[arg-type]
            )
        _check_terminators(self)
        region = self.regions[0]
        if not region.blocks:
            return
        args = region.blocks[0].args
        if not args or args[0].type is not self.lowerBound.type:
            raise op_error(self, "expected induction variable to be same type as bounds and step")

    def print_custom(self, p: Printer) -> None:
        ops = self.operands
        body = self.regions[0].blocks[0] if self.regions[0].blocks else None
        p.write(" ")
        if "unsignedCmp" in self.properties:
            p.write("unsigned ")
        if body is not None and body.args:
            p.print_operand(body.args[0])
        p.write(" = ")
        p.print_operand(ops[0])
        p.write(" to ")
        p.print_operand(ops[1])
        p.write(" step ")
        p.print_operand(ops[2])
        inits = ops[3:]
        if inits:
            p.write(" iter_args(")
            args = body.args[1:] if body is not None else []
            p.write(
                ", ".join(f"{p.value_name(a)} = {p.value_name(v)}" for a, v in zip(args, inits))
            )
            p.write(")")
            _print_arrow_types(p, self.result_types, parens=True)
        p.write(" ")
        if not isinstance(ops[0].type, IndexType):
            p.write(" : ")  # MLIR prints the type after a blank: `step %s  : i32 {`
            p.print_type(ops[0].type)
            p.write(" ")
        p.print_region(
            self.regions[0], print_entry_block_args=False, print_block_terminators=bool(inits)
        )
        p.print_optional_attr_dict(p.op_attributes(self, ("unsignedCmp",)))


# --------------------------------------------------------------------------- scf.if


@register
class IfOp(Operation):
    """`scf.if %c [-> (f32)] {...} [else {...}]`; yields are printed only when it has results."""

    __slots__ = ()
    OPERATION_NAME = "scf.if"
    SUMMARY = "if-then-else operation"
    OPERANDS = (OperandDef("condition", I1),)
    RESULTS = (ResultDef("results", ANY_TYPE, variadic=True),)
    TRAITS = (_SingleBlockImplicitTerminator,)
    NUM_REGIONS = 2
    TERMINATOR = "scf.yield"

    @classmethod
    def build(
        cls,
        condition: Value,
        result_types: Sequence[Type] = (),
        *,
        with_else: bool = False,
        location: LocationAttr = _UNKNOWN,
    ) -> IfOp:
        """Then (and, with `with_else` or results, else) blocks; without results they already
        end in `scf.yield`, with results append the yields yourself."""
        op = Operation.create(
            cls.OPERATION_NAME, [condition], list(result_types), regions=2, location=location
        )
        op.regions[0].add_block(Block())
        if with_else or result_types:
            op.regions[1].add_block(Block())
        if not result_types:
            for r in op.regions:
                if r.blocks:
                    r.blocks[0].append(Operation.create("scf.yield", location=location))
        return op  # type: ignore[return-value]

    @property
    def then_block(self) -> Block:
        return self.regions[0].blocks[0]

    @property
    def else_block(self) -> Block | None:
        r = self.regions[1]
        return r.blocks[0] if r.blocks else None

    def verify_op(self) -> None:
        _require_one_block(self, 0, "thenRegion")
        if self.results and not self.regions[1].blocks:
            raise op_error(self, "must have an else block if defining values")

    def verify_regions(self) -> None:
        _check_terminators(self)
        results = self.results
        for r in self.regions:
            if not r.blocks:
                continue
            term = r.blocks[0].last
            if term is None or term.name != "scf.yield":
                continue
            ops = term.operands
            edge = "along control flow edge from Operation scf.yield to parent: "
            if len(ops) != len(results):
                raise _branch_error(
                    self,
                    edge + f"region branch point has {len(ops)} operands, but region successor "
                    f"needs {len(results)} inputs",
                    term,
                )
            for i, (v, res) in enumerate(zip(ops, results)):
                if v.type is not res.type:
                    raise _branch_error(
                        self,
                        edge + f"successor operand type #{i} '{v.type}' should match successor "
                        f"input type #{i} '{res.type}'",
                        term,
                    )

    def print_custom(self, p: Printer) -> None:
        p.write(" ")
        p.print_operand(self.condition)
        _print_arrow_types(p, self.result_types, parens=True)
        terminators = bool(self.results)
        p.write(" ")
        p.print_region(
            self.regions[0], print_entry_block_args=False, print_block_terminators=terminators
        )
        if self.regions[1].blocks:
            p.write(" else ")
            p.print_region(
                self.regions[1], print_entry_block_args=False, print_block_terminators=terminators
            )
        p.print_optional_attr_dict(p.op_attributes(self))


# --------------------------------------------------------------------------- scf.parallel


def _constant_int(v: Value) -> int | None:
    d = getattr(v, "op", None)
    if d is None or d.name not in ("arith.constant", "index.constant"):
        return None
    a = d.properties.get("value")
    return a.value if isinstance(a, IntegerAttr) else None


@register
class ParallelOp(Operation):
    """`scf.parallel (%i, %j) = (%lb0, %lb1) to (%ub0, %ub1) step (%s0, %s1) [init (%z) -> f32]
    {...}`; the body ends in `scf.reduce` (printed, as MLIR does)."""

    __slots__ = ()
    OPERATION_NAME = "scf.parallel"
    SUMMARY = "parallel for operation"
    OPERANDS = (
        OperandDef("lowerBound", INDEX, variadic=True),
        OperandDef("upperBound", INDEX, variadic=True),
        OperandDef("step", INDEX, variadic=True),
        OperandDef("initVals", ANY_TYPE, variadic=True),
    )
    RESULTS = (ResultDef("results", ANY_TYPE, variadic=True),)
    PROPERTIES = (PropDef("operandSegmentSizes"),)
    TRAITS = (AttrSizedOperandSegments, _SingleBlockImplicitTerminator)
    NUM_REGIONS = 1
    TERMINATOR = "scf.reduce"

    @classmethod
    def build(
        cls,
        lower: Sequence[Value],
        upper: Sequence[Value],
        steps: Sequence[Value],
        init_vals: Sequence[Value] = (),
        location: LocationAttr = _UNKNOWN,
    ) -> ParallelOp:
        """A parallel loop nest whose body block has one index argument per dimension. Without
        init values the body already ends in an empty `scf.reduce` (insert before it)."""
        n = len(lower)
        assert len(upper) == n and len(steps) == n, "scf.parallel needs equal bound counts"
        body = Block([index] * n)
        props = {
            "operandSegmentSizes": DenseArrayAttr(i32, (n, n, n, len(init_vals))),
        }
        op = Operation.create(
            cls.OPERATION_NAME,
            [*lower, *upper, *steps, *init_vals],
            [v.type for v in init_vals],
            props,
            regions=[Region([body])],
            location=location,
        )
        if not init_vals:
            body.append(Operation.create("scf.reduce", location=location))
        return op  # type: ignore[return-value]

    def _groups(self) -> tuple[list[Value], ...]:
        sizes = self.properties["operandSegmentSizes"].values  # type: ignore[attr-defined]
        ops = self.operands
        out = []
        k = 0
        for n in sizes:
            out.append(ops[k : k + n])
            k += n
        return tuple(out)

    @property
    def body(self) -> Block:
        return self.regions[0].blocks[0]

    @property
    def induction_vars(self) -> list[BlockArgument]:
        return self.body.args

    def verify_op(self) -> None:
        """MLIR's `ParallelOp::verify` (it does not compare the bound counts with the steps')."""
        _require_one_block(self, 0, "region")
        _, _, steps, inits = self._groups()
        if not steps:
            raise op_error(
                self, "needs at least one tuple element for lowerBound, upperBound and step"
            )
        for s in steps:
            c = _constant_int(s)
            if c is not None and c <= 0:
                raise op_error(self, "constant step operand must be positive")
        blocks = self.regions[0].blocks
        if not blocks:
            return
        args = blocks[0].args
        if len(args) != len(steps):
            raise op_error(
                self,
                f"expects the same number of induction variables: {len(args)} as bound and "
                f"step values: {len(steps)}",
            )
        if any(not isinstance(a.type, IndexType) for a in args):
            raise op_error(self, "expects arguments for the induction variable to be of index type")
        term = blocks[0].last
        if term is None or term.name != "scf.reduce":
            raise op_error(self, "expects body to terminate with 'scf.reduce'")
        results = self.results
        if len(results) != len(term.regions):
            raise op_error(
                self,
                f"expects number of results: {len(results)} to be the same as number of "
                f"reductions: {len(term.regions)}",
            )
        if len(results) != len(inits):
            raise op_error(
                self,
                f"expects number of results: {len(results)} to be the same as number of "
                f"initial values: {len(inits)}",
            )
        for i, (r, v) in enumerate(zip(results, term.operands)):
            if r.type is not v.type:
                raise op_error(
                    term,
                    f"expects type of {i}-th reduction operand: '{v.type}' to be the same as "
                    f"the {i}-th result type: '{r.type}'",
                )

    def verify_regions(self) -> None:
        _check_terminators(self)

    def print_custom(self, p: Printer) -> None:
        lbs, ubs, steps, inits = self._groups()
        body = self.regions[0].blocks[0] if self.regions[0].blocks else None
        p.write(" (")
        if body is not None:
            p.print_operands(body.args)
        p.write(") = (")
        p.print_operands(lbs)
        p.write(") to (")
        p.print_operands(ubs)
        p.write(") step (")
        p.print_operands(steps)
        p.write(")")
        if inits:
            p.write(" init (")
            p.print_operands(inits)
            p.write(")")
        _print_arrow_types(p, self.result_types, parens=False)
        p.write(" ")
        p.print_region(self.regions[0], print_entry_block_args=False)
        p.print_optional_attr_dict(p.op_attributes(self, ("operandSegmentSizes",)))


# --------------------------------------------------------------------------- scf.reduce


@register
class ReduceOp(Operation):
    """`scf.reduce(%a, %b : f32, i32) {^bb0(%l: f32, %r: f32): ...}, {...}`: the terminator of
    `scf.parallel`, one reduction region per operand (`scf.reduce ` with none, as MLIR)."""

    __slots__ = ()
    OPERATION_NAME = "scf.reduce"
    SUMMARY = "reduce operation for scf.parallel"
    OPERANDS = (OperandDef("operands", ANY_TYPE, variadic=True),)
    TRAITS = (IsTerminator, has_parent("scf.parallel"))
    NUM_REGIONS = -1  # one per operand (variadic regions)

    @classmethod
    def build(cls, operands: Sequence[Value] = (), location: LocationAttr = _UNKNOWN) -> ReduceOp:
        """One region per operand, each with a block `(%lhs: T, %rhs: T)` to fill (end it with
        `scf.reduce.return`)."""
        regions = [Region([Block([v.type, v.type])]) for v in operands]
        return Operation.create(  # type: ignore[return-value]
            cls.OPERATION_NAME, operands, regions=regions, location=location
        )

    def verify_op(self) -> None:
        if len(self.regions) != len(self.operand_uses):
            raise op_error(
                self,
                f"expects number of reduction regions: {len(self.regions)} to be the same as "
                f"number of reduction operands: {len(self.operand_uses)}",
            )

    def verify_regions(self) -> None:
        """MLIR's `ReduceOp::verifyRegions` (after the nested `scf.reduce.return`s)."""
        for i, (v, region) in enumerate(zip(self.operands, self.regions)):
            t = v.type
            block = region.blocks[0] if region.blocks else None
            if block is None or block.first is None:
                raise op_error(self, f"{i}-th reduction has an empty body")
            if len(block.args) != 2 or any(a.type is not t for a in block.args):
                raise op_error(
                    self,
                    f"expected two block arguments with type '{t}' in the {i}-th reduction region",
                )
            if block.last.name != "scf.reduce.return":  # type: ignore[union-attr]
                raise op_error(
                    self, "reduction bodies must be terminated with an 'scf.reduce.return' op"
                )

    def print_custom(self, p: Printer) -> None:
        if self.operand_uses:
            p.write("(")
            p.print_operands(self.operands)
            p.write(" : ")
            p.print_types(self.operand_types)
            p.write(")")
        p.write(" ")
        for i, r in enumerate(self.regions):
            if i:
                p.write(", ")
            p.print_region(r)
        p.print_optional_attr_dict(p.op_attributes(self))


@register
class ReduceReturnOp(Operation):
    """`scf.reduce.return %r : f32`: the terminator of a reduction region."""

    __slots__ = ()
    OPERATION_NAME = "scf.reduce.return"
    SUMMARY = "terminator for reduce operation"
    OPERANDS = (OperandDef("result", ANY_TYPE),)
    ALIASES = {"value": "result"}  # `result` is `Operation.result`
    TRAITS = (Pure, IsTerminator, has_parent("scf.reduce"))

    @classmethod
    def build(cls, value: Value, location: LocationAttr = _UNKNOWN) -> ReduceReturnOp:
        return Operation.create(cls.OPERATION_NAME, [value], location=location)  # type: ignore[return-value]

    def verify_op(self) -> None:
        block = self.parent
        if block is None or not block.args:
            return
        t = block.args[0].type
        if self.value.type is not t:
            raise op_error(self, f"must have type '{t}' (the type of the reduction inputs)")

    def print_custom(self, p: Printer) -> None:
        p.write(" ")
        p.print_operand(self.value)
        p.print_optional_attr_dict(p.op_attributes(self))
        p.write(" : ")
        p.print_type(self.value.type)
