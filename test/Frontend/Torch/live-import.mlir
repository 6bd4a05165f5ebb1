// REQUIRES: torch
// The goldens of Inputs/ are exactly what `llh-import-torch` prints today for the commands of
// tools/gen_torch_goldens.py (regenerate with that script after an intended change), and the
// live import passes --infer-symbolic-shape.

// RUN: cd %S/Inputs && %llh-import-torch models.py:conv_block --input 1x3xHxW --dynamic H=W --range H=8:512 --weights inline > %t.conv.mlir
// RUN: diff %t.conv.mlir %S/Inputs/conv_block.mlir
// RUN: cd %S/Inputs && %llh-import-torch models.py:mlp --input Bx4 --weights inline > %t.mlp.mlir
// RUN: diff %t.mlp.mlir %S/Inputs/mlp.mlir
// RUN: cd %S/Inputs && %llh-import-torch models.py:slicing --input Bx3 --weights inline > %t.slicing.mlir
// RUN: diff %t.slicing.mlir %S/Inputs/slicing.mlir
// .npy weights land in --weight-dir and --load-weight reads them back.
// RUN: rm -rf %t.w && mkdir -p %t.w
// RUN: cd %S/Inputs && %llh-import-torch models.py:conv_block --input 1x3xHxW --dynamic H=W --range H=8:512 --weight-dir %t.w -o %t.w/m.mlir
// RUN: llh-opt %t.w/m.mlir --infer-symbolic-shape --load-weight | filecheck %s

// CHECK-LABEL: func.func @main
// CHECK-NOT: "llh.weight"
// CHECK: "llh.conv_bias"
