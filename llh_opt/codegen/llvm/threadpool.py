"""The thread pool that runs outlined `scf.parallel` bodies, emitted as LLVM IR into the object.

Entry point (C view): `void __llh_pool_parallel(void (*body)(void *ctx, int64_t begin, int64_t
end), void *ctx, int64_t total, int64_t cost, int32_t threads)` runs `body` over `[0, total)` split
into chunks. `cost` estimates the work of one iteration (the region runs inline when
`total * cost` is below `INLINE_WORK`); `threads` is the compile-time default (0 = the number of
online CPUs), overridden by the environment variable `LLH_NUM_THREADS` (read once, on the first
call that wakes the pool).

Design (pthreads only, so an object links with `cc main.c model.o -lpthread -lm`):
* workers are created lazily on the first parallel call, `n - 1` of them for `n` threads (the
  calling thread takes part), persistent, never joined; a later call asking for more threads
  starts more, never beyond what a call asks for; a call asking for fewer wakes only its share;
* one job at a time: a caller that finds the pool busy (a concurrent caller, or a parallel region
  reached from inside a running body) runs its region inline — re-entrant and no
  oversubscription;
* a job is published under the pool mutex with a generation number; chunks are claimed with a
  compare-and-swap on a counter whose high bits carry the generation, so a worker that wakes late
  can never claim chunks of a later job; the caller returns when the finished-iteration count
  reaches `total` (it does not wait for sleeping workers to check in);
* the globals and the entry are `weak`: several models linked into one binary (or loaded into one
  process) share one pool. The JIT links one copy per process (``llh_opt/runtime/jit.py``).

`pthread_mutex_t`/`pthread_cond_t` are zero-initialized storage (their static initializers are
all-zero bytes on glibc and musl). What does not live here: outlining a parallel body and
computing its trip counts (``ops_scf.py``).
"""

from __future__ import annotations

from llvmlite import ir

from llh_opt.codegen.llvm.types import I8, I32, I64, PTR, VOID, global_variable

POOL_ENTRY = "__llh_pool_parallel"
ENV_VAR = "LLH_NUM_THREADS"
INLINE_WORK = 1 << 15
"""Regions with less estimated work (iterations × per-iteration cost) run on the caller alone."""
CHUNK_WORK = 1 << 13
"""The smallest estimated work of one chunk."""
CHUNKS_PER_THREAD = 4
MAX_THREADS = 64
INDEX_BITS = 40
"""The claim counter: low INDEX_BITS bits the next iteration, high bits the job's generation."""
MAX_TOTAL = 1 << (INDEX_BITS - 1)
SC_NPROCESSORS_ONLN = 84  # glibc/Linux value of _SC_NPROCESSORS_ONLN

BODY_TYPE = ir.FunctionType(VOID, [PTR, I64, I64])
ENTRY_TYPE = ir.FunctionType(VOID, [PTR, PTR, I64, I64, I32])
_SYNC_BYTES = 64  # >= sizeof(pthread_mutex_t) (40) and sizeof(pthread_cond_t) (48)


def _call_body(b: ir.IRBuilder, callee: ir.Value, args: list[ir.Value]) -> None:
    """An indirect call of a body through a `ptr` (llvmlite reads the callee's function type
    from the value itself)."""
    b.call(_Callee(callee), args)  # type: ignore[arg-type]


class _Callee:
    """A `ptr` value seen as a function of type `BODY_TYPE` (for `IRBuilder.call`)."""

    __slots__ = ("value",)
    function_type = BODY_TYPE
    type = PTR

    def __init__(self, value: ir.Value) -> None:
        self.value = value

    def get_reference(self) -> str:
        return self.value.get_reference()


def _store_atomic(b: ir.IRBuilder, value: ir.Value, ptr: ir.Value, order: str, align: int) -> None:
    # IRBuilder.store_atomic reads `pointee`, which opaque pointers do not have.
    b._insert(ir.instructions.StoreAtomicInstr(b.block, value, ptr, order, align))  # noqa: SLF001


def _c(v: int, t: ir.IntType = I64) -> ir.Constant:
    return ir.Constant(t, v)


class _Pool:
    """Emits the pool into `module` (see the module docstring)."""

    def __init__(self, module: ir.Module) -> None:
        self.module = module
        self.decls: dict[str, ir.Function] = {}
        sync = ir.ArrayType(I8, _SYNC_BYTES)
        self.mutex = self._global("mutex", sync, 16)
        self.cv_work = self._global("cv_work", sync, 16)
        self.cv_done = self._global("cv_done", sync, 16)
        self.busy = self._global("busy", I32, 4)
        self.started = self._global("started", I32, 4)
        self.env = self._global("env_threads", I32, 4, -1)  # -1: not read yet
        self.ncpu = self._global("ncpu", I32, 4)
        self.gen = self._global("gen", I64, 8)
        self.job_fn = self._global("job_fn", PTR, 8)
        self.job_ctx = self._global("job_ctx", PTR, 8)
        self.job_total = self._global("job_total", I64, 8)
        self.job_grain = self._global("job_grain", I64, 8)
        self.job_workers = self._global("job_workers", I32, 4)
        self.next = self._global("next", I64, 64)
        self.done = self._global("done", I64, 64)
        self.env_name = self._cstring("env_name", ENV_VAR)

    # ------------------------------------------------------------------ helpers

    def _global(self, name: str, t: ir.Type, align: int, init: int = 0) -> ir.GlobalVariable:
        gv = global_variable(self.module, t, f"__llh_pool_{name}")
        gv.linkage = "weak"
        gv.align = align
        gv.initializer = ir.Constant(t, None) if init == 0 else ir.Constant(t, init)
        return gv

    def _cstring(self, name: str, text: str) -> ir.GlobalVariable:
        data = bytearray(text.encode() + b"\0")
        t = ir.ArrayType(I8, len(data))
        gv = global_variable(self.module, t, f"__llh_pool_{name}")
        gv.global_constant = True
        gv.linkage = "internal"
        gv.initializer = ir.Constant(t, data)
        return gv

    def libc(self, name: str, ret: ir.Type, args: list[ir.Type]) -> ir.Function:
        fn = self.decls.get(name)
        if fn is None:
            existing = self.module.globals.get(name)
            if isinstance(existing, ir.Function):
                fn = existing
            else:
                fn = ir.Function(self.module, ir.FunctionType(ret, args), name=name)
            self.decls[name] = fn
        return fn

    def lock(self, b: ir.IRBuilder) -> None:
        b.call(self.libc("pthread_mutex_lock", I32, [PTR]), [self.mutex])

    def unlock(self, b: ir.IRBuilder) -> None:
        b.call(self.libc("pthread_mutex_unlock", I32, [PTR]), [self.mutex])

    def wait(self, b: ir.IRBuilder, cv: ir.GlobalVariable) -> None:
        b.call(self.libc("pthread_cond_wait", I32, [PTR, PTR]), [cv, self.mutex])

    def broadcast(self, b: ir.IRBuilder, cv: ir.GlobalVariable) -> None:
        b.call(self.libc("pthread_cond_broadcast", I32, [PTR]), [cv])

    def _function(self, name: str, fty: ir.FunctionType, internal: bool) -> ir.Function:
        fn = ir.Function(self.module, fty, name=name)
        if internal:
            fn.linkage = "internal"
        else:
            fn.linkage = "weak"
        fn.attributes.add("nounwind")
        return fn

    # ------------------------------------------------------------------ functions

    def chunks(self) -> ir.Function:
        """`chunks(body, ctx, total, grain, tag)`: claim and run chunks of job `tag` until none
        is left; the thread finishing the last iteration wakes the caller."""
        fn = self._function("__llh_pool_chunks", ir.FunctionType(VOID, [PTR, PTR, I64, I64, I64]),
                            internal=True)  # fmt: skip
        body_fn, ctx, total, grain, tag = fn.args
        b = ir.IRBuilder(fn.append_basic_block("entry"))
        loop = fn.append_basic_block("claim")
        run = fn.append_basic_block("run")
        tryit = fn.append_basic_block("cas")
        last = fn.append_basic_block("last")
        out = fn.append_basic_block("out")
        b.branch(loop)
        b.position_at_end(loop)
        old = b.load_atomic(self.next, "acquire", 8, typ=I64)
        same_job = b.icmp_unsigned("==", b.lshr(old, _c(INDEX_BITS)), tag)
        start = b.and_(old, _c((1 << INDEX_BITS) - 1))
        left = b.icmp_unsigned("<", start, total)
        b.cbranch(b.and_(same_job, left), tryit, out)
        b.position_at_end(tryit)
        pair = b.cmpxchg(self.next, old, b.add(old, grain), "acq_rel", "acquire")
        b.cbranch(b.extract_value(pair, 1), run, loop)
        b.position_at_end(run)
        end = b.add(start, grain)
        end = b.select(b.icmp_unsigned("<", end, total), end, total)
        _call_body(b, body_fn, [ctx, start, end])
        n = b.sub(end, start)
        prev = b.atomic_rmw("add", self.done, n, "acq_rel")
        b.cbranch(b.icmp_unsigned("==", b.add(prev, n), total), last, loop)
        b.position_at_end(last)
        self.lock(b)
        self.broadcast(b, self.cv_done)
        self.unlock(b)
        b.branch(loop)
        b.position_at_end(out)
        b.ret_void()
        return fn

    def worker(self, chunks: ir.Function) -> ir.Function:
        """The worker thread: sleep until a new generation, run its chunks if it is one of the
        job's workers, repeat forever. The argument is the worker's number."""
        fn = self._function("__llh_pool_worker", ir.FunctionType(PTR, [PTR]), internal=True)
        b = ir.IRBuilder(fn.append_basic_block("entry"))
        wait = fn.append_basic_block("wait")
        sleep = fn.append_basic_block("sleep")
        take = fn.append_basic_block("take")
        work = fn.append_basic_block("work")
        relock = fn.append_basic_block("relock")
        my_id = b.ptrtoint(fn.args[0], I32)
        self.lock(b)
        b.branch(wait)
        b.position_at_end(wait)
        seen = b.phi(I64, name="seen")
        seen.add_incoming(_c(0), fn.entry_basic_block)
        g = b.load(self.gen, typ=I64)
        b.cbranch(b.icmp_unsigned("==", g, seen), sleep, take)
        b.position_at_end(sleep)
        self.wait(b, self.cv_work)
        seen.add_incoming(seen, sleep)
        b.branch(wait)
        b.position_at_end(take)
        job = [b.load(gv, typ=t) for gv, t in ((self.job_fn, PTR), (self.job_ctx, PTR),
                                                (self.job_total, I64), (self.job_grain, I64))]  # fmt: skip
        nw = b.load(self.job_workers, typ=I32)
        self.unlock(b)
        b.cbranch(b.icmp_signed("<", my_id, nw), work, relock)
        b.position_at_end(work)
        b.call(chunks, [*job, b.and_(g, _c((1 << (64 - INDEX_BITS)) - 1))])
        b.branch(relock)
        b.position_at_end(relock)
        self.lock(b)
        seen.add_incoming(g, relock)
        b.branch(wait)
        return fn

    def thread_count(self, b: ir.IRBuilder, default: ir.Value) -> ir.Value:
        """With the mutex held: the threads this call may use (env, else default, else CPUs)."""
        fn = b.function
        read = fn.append_basic_block("read_env")
        have = fn.append_basic_block("have_env")
        env = b.load(self.env, typ=I32)
        b.cbranch(b.icmp_signed("<", env, _c(0, I32)), read, have)
        b.position_at_end(read)
        text = b.call(self.libc("getenv", PTR, [PTR]), [self.env_name])
        is_set = b.icmp_unsigned("!=", text, ir.Constant(PTR, None))
        parse = fn.append_basic_block("parse_env")
        unset = fn.append_basic_block("env_done")
        b.cbranch(is_set, parse, unset)
        b.position_at_end(parse)
        parsed = b.call(self.libc("atoi", I32, [PTR]), [text])
        parsed = b.select(b.icmp_signed(">", parsed, _c(0, I32)), parsed, _c(0, I32))
        b.branch(unset)
        b.position_at_end(unset)
        value = b.phi(I32)
        value.add_incoming(_c(0, I32), read)
        value.add_incoming(parsed, parse)
        b.store(value, self.env)
        cpus = b.call(self.libc("sysconf", I64, [I32]), [_c(SC_NPROCESSORS_ONLN, I32)])
        cpus = b.trunc(b.select(b.icmp_signed(">", cpus, _c(0)), cpus, _c(1)), I32)
        b.store(cpus, self.ncpu)
        b.branch(have)
        b.position_at_end(have)
        env = b.load(self.env, typ=I32)
        auto = b.load(self.ncpu, typ=I32)
        dflt = b.select(b.icmp_signed(">", default, _c(0, I32)), default, auto)
        n = b.select(b.icmp_signed(">", env, _c(0, I32)), env, dflt)
        return b.select(b.icmp_signed(">", n, _c(MAX_THREADS, I32)), _c(MAX_THREADS, I32), n)

    def start_workers(self, b: ir.IRBuilder, worker: ir.Function, want: ir.Value) -> ir.Value:
        """With the mutex held: create workers until `want` exist (or creation fails); returns
        how many exist."""
        fn = b.function
        head = fn.append_basic_block("spawn")
        make = fn.append_basic_block("spawn.create")
        made = fn.append_basic_block("spawn.ok")
        done = fn.append_basic_block("spawn.done")
        tid = b.alloca(I64)
        b.branch(head)
        b.position_at_end(head)
        have = b.load(self.started, typ=I32)
        b.cbranch(b.icmp_signed("<", have, want), make, done)
        b.position_at_end(make)
        create = self.libc("pthread_create", I32, [PTR, PTR, PTR, PTR])
        rc = b.call(create, [tid, ir.Constant(PTR, None), worker, b.inttoptr(have, PTR)])
        b.cbranch(b.icmp_signed("==", rc, _c(0, I32)), made, done)
        b.position_at_end(made)
        b.store(b.add(have, _c(1, I32)), self.started)
        b.branch(head)
        b.position_at_end(done)
        return b.load(self.started, typ=I32)

    def entry(self, chunks: ir.Function, worker: ir.Function) -> ir.Function:
        fn = self._function(POOL_ENTRY, ENTRY_TYPE, internal=False)
        body_fn, ctx, total, cost, default = fn.args
        for a, n in zip(fn.args, ("body", "ctx", "total", "cost", "threads")):
            a.name = n
        b = ir.IRBuilder(fn.append_basic_block("entry"))
        inline = fn.append_basic_block("inline")
        trylock = fn.append_basic_block("trylock")
        locked = fn.append_basic_block("locked")
        alone = fn.append_basic_block("alone")
        publish = fn.append_basic_block("publish")
        wait = fn.append_basic_block("wait")
        sleep = fn.append_basic_block("sleep")
        finish = fn.append_basic_block("finish")
        work = b.mul(total, cost)
        tiny = b.icmp_unsigned("<", work, _c(INLINE_WORK))
        tiny = b.or_(tiny, b.icmp_signed("<", total, _c(2)))
        tiny = b.or_(tiny, b.icmp_signed(">=", total, _c(MAX_TOTAL)))
        b.cbranch(tiny, inline, trylock)
        b.position_at_end(inline)
        _call_body(b, body_fn, [ctx, _c(0), total])
        b.ret_void()

        b.position_at_end(trylock)
        pair = b.cmpxchg(self.busy, _c(0, I32), _c(1, I32), "acquire", "monotonic")
        b.cbranch(b.extract_value(pair, 1), locked, inline)

        b.position_at_end(locked)
        self.lock(b)
        n = self.thread_count(b, default)
        have = self.start_workers(b, worker, b.sub(n, _c(1, I32)))
        nw = b.select(b.icmp_signed("<", have, b.sub(n, _c(1, I32))), have, b.sub(n, _c(1, I32)))
        b.cbranch(b.icmp_signed("<=", nw, _c(0, I32)), alone, publish)

        b.position_at_end(alone)
        self.unlock(b)
        _store_atomic(b, _c(0, I32), self.busy, "release", 4)
        b.branch(inline)

        b.position_at_end(publish)
        threads = b.zext(b.add(nw, _c(1, I32)), I64)
        parts = b.mul(threads, _c(CHUNKS_PER_THREAD))
        grain = b.udiv(b.add(total, b.sub(parts, _c(1))), parts)
        safe_cost = b.select(b.icmp_signed(">", cost, _c(0)), cost, _c(1))
        min_grain = b.udiv(b.add(_c(CHUNK_WORK - 1), safe_cost), safe_cost)
        grain = b.select(b.icmp_unsigned("<", grain, min_grain), min_grain, grain)
        g = b.add(b.load(self.gen, typ=I64), _c(1))
        tag = b.and_(g, _c((1 << (64 - INDEX_BITS)) - 1))
        b.store(g, self.gen)
        b.store(body_fn, self.job_fn)
        b.store(ctx, self.job_ctx)
        b.store(total, self.job_total)
        b.store(grain, self.job_grain)
        b.store(nw, self.job_workers)
        _store_atomic(b, _c(0), self.done, "seq_cst", 8)
        _store_atomic(b, b.shl(tag, _c(INDEX_BITS)), self.next, "seq_cst", 8)
        self.broadcast(b, self.cv_work)
        self.unlock(b)
        b.call(chunks, [body_fn, ctx, total, grain, tag])
        self.lock(b)
        b.branch(wait)
        b.position_at_end(wait)
        finished = b.load_atomic(self.done, "acquire", 8, typ=I64)
        b.cbranch(b.icmp_unsigned("==", finished, total), finish, sleep)
        b.position_at_end(sleep)
        self.wait(b, self.cv_done)
        b.branch(wait)
        b.position_at_end(finish)
        self.unlock(b)
        _store_atomic(b, _c(0, I32), self.busy, "release", 4)
        b.ret_void()
        return fn


def define_pool(module: ir.Module) -> ir.Function:
    """Emit the pool into `module`; returns `__llh_pool_parallel`."""
    existing = module.globals.get(POOL_ENTRY)
    if isinstance(existing, ir.Function) and existing.blocks:
        return existing
    pool = _Pool(module)
    chunks = pool.chunks()
    worker = pool.worker(chunks)
    return pool.entry(chunks, worker)


def declare_pool(module: ir.Module) -> ir.Function:
    """`__llh_pool_parallel` as an external declaration (the JIT resolves it)."""
    existing = module.globals.get(POOL_ENTRY)
    if isinstance(existing, ir.Function):
        return existing
    return ir.Function(module, ENTRY_TYPE, name=POOL_ENTRY)


__all__ = [
    "BODY_TYPE",
    "ENTRY_TYPE",
    "ENV_VAR",
    "POOL_ENTRY",
    "declare_pool",
    "define_pool",
]
