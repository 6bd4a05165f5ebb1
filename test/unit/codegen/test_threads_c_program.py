"""A C program linked with `cc main.c model.o -lpthread -lm` against an object whose loops run
on the pool: two sequential calls and two threads calling at once (re-entrancy: one of them
finds the pool busy and runs inline) all equal a reference computed in C; at exit the process
has exactly the threads `LLH_NUM_THREADS` (or the compiled `--threads`) allows, counted in
/proc/self/task after the calling threads are joined."""

from __future__ import annotations

import os
import subprocess

import pytest
from support.c_build import CC, cc, llh_opt

pytestmark = pytest.mark.skipif(
    CC is None or not os.path.isdir("/proc/self/task"), reason="needs a C compiler and Linux"
)

MODEL = """
func.func @model(%x: tensor<2x16x64x62xf32>) -> tensor<2x16x32x31xf32> attributes {entrance} {
  %y = "llh.relu"(%x) : (tensor<2x16x64x62xf32>) -> tensor<2x16x64x62xf32>
  %r = "llh.max_pool"(%y) <{ceil_mode = false, dilation = array<i64: 1, 1>, kernel_shape = array<i64: 3, 3>, layout = #llh.Layout<NCHW>, pad = array<i64: 1, 1, 1, 1>, stride = array<i64: 2, 2>}> : (tensor<2x16x64x62xf32>) -> tensor<2x16x32x31xf32>
  return %r : tensor<2x16x32x31xf32>
}
"""

MAIN = r"""
#include <dirent.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "model.h"

enum { N = 2, C = 16, H = 64, W = 62, OH = 32, OW = 31, CALLS = 25 };
static float x[N][C][H][W];
static float ref[N][C][OH][OW];

static void reference(void) {
  for (int n = 0; n < N; n++)
    for (int c = 0; c < C; c++)
      for (int i = 0; i < OH; i++)
        for (int j = 0; j < OW; j++) {
          float m = -1.0f / 0.0f;
          for (int a = 0; a < 3; a++)
            for (int b = 0; b < 3; b++) {
              int h = 2 * i - 1 + a, w = 2 * j - 1 + b;
              if (h < 0 || h >= H || w < 0 || w >= W) continue;
              float v = x[n][c][h][w] > 0 ? x[n][c][h][w] : 0;
              if (v > m) m = v;
            }
          ref[n][c][i][j] = m;
        }
}

/* One call; 0 when the output equals the reference exactly. */
static int call_once(void) {
  llh_memref_4d_f32 in = {&x[0][0][0][0], &x[0][0][0][0], 0, {N, C, H, W},
                          {C * H * W, H * W, W, 1}};
  llh_memref_4d_f32 out;
  if (model_status(&out, &in) != 0) return 1;
  int bad = out.sizes[0] != N || out.sizes[1] != C || out.sizes[2] != OH || out.sizes[3] != OW ||
            memcmp(out.aligned, ref, sizeof ref) != 0;
  free(out.allocated);
  return bad;
}

static void *caller(void *arg) {
  int *failures = arg;
  for (int k = 0; k < CALLS; k++) *failures += call_once();
  return NULL;
}

static int tasks(void) {
  DIR *d = opendir("/proc/self/task");
  int n = 0;
  for (struct dirent *e; (e = readdir(d)) != NULL;)
    if (e->d_name[0] != '.') n++;
  closedir(d);
  return n;
}

int main(void) {
  unsigned s = 12345;
  for (int i = 0; i < N * C * H * W; i++) {
    s = s * 1103515245u + 12345u;
    (&x[0][0][0][0])[i] = (float)((int)(s >> 16) % 2001 - 1000) / 250.0f;
  }
  reference();
  int sequential = call_once() + call_once();
  int f1 = 0, f2 = 0;
  pthread_t t1, t2;
  pthread_create(&t1, NULL, caller, &f1);
  pthread_create(&t2, NULL, caller, &f2);
  pthread_join(t1, NULL);
  pthread_join(t2, NULL);
  printf("%d %d %d %d\n", sequential, f1, f2, tasks());
  return 0;
}
"""


@pytest.fixture(scope="module")
def program(tmp_path_factory):
    out = tmp_path_factory.mktemp("threads_c")
    (out / "model.mlir").write_text(MODEL)
    (out / "main.c").write_text(MAIN)
    for kind, name in (("obj", "model.o"), ("header", "model.h")):
        r = llh_opt(str(out / "model.mlir"), "--lower-to-llvm", "--threads=2", f"--emit={kind}",
                    "-o", str(out / name))  # fmt: skip
        assert r.returncode == 0, r.stderr
    cc("-O1", "-Wall", "-Werror", f"-I{out}", str(out / "main.c"), str(out / "model.o"), "-o",
       str(out / "run"), "-lpthread", "-lm")  # fmt: skip
    return out / "run"


@pytest.mark.parametrize(("env_threads", "threads"), [(None, 2), ("1", 1), ("3", 3)])
def test_sequential_and_concurrent_calls(program, env_threads: str | None, threads: int) -> None:
    env = {k: v for k, v in os.environ.items() if k != "LLH_NUM_THREADS"}
    if env_threads is not None:
        env["LLH_NUM_THREADS"] = env_threads
    r = subprocess.run([str(program)], capture_output=True, text=True, env=env, timeout=300)
    assert r.returncode == 0, r.stderr
    sequential, f1, f2, tasks = map(int, r.stdout.split())
    assert (sequential, f1, f2) == (0, 0, 0), "a call returned a wrong result"
    # main + (threads - 1) pool workers; the two callers have been joined.
    assert tasks == threads
