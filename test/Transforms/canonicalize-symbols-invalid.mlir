// RUN: llh-opt %s --split-input-file --canonicalize --verify-diagnostics

// Relations between constants that are false are errors (D3, D9), not silently dropped.

"llh.symbolic_int"() <{sym_name = "c3"}> : () -> ()
"llh.symbolic_int"() <{sym_name = "c2"}> : () -> ()
module @__symbol__ {
  // expected-error@+1 {{'llh.symbol_relation' op relation @c2 GT @c3 does not hold}}
  "llh.symbol_relation"() <{relation = @c3, relation_kind = #llh.SymbolRelation<GT>, symbol = @c2}> : () -> ()
}
// -----
"llh.symbolic_int"() <{sym_name = "c3"}> : () -> ()
"llh.symbolic_int"() <{sym_name = "c2"}> : () -> ()
module @__symbol__ {
  // expected-error@+1 {{dimension mismatch}}
  "llh.symbol_relation"() <{relation = @c3, relation_kind = #llh.SymbolRelation<EQ>, symbol = @c2}> : () -> ()
}
// -----
"llh.symbolic_int"() <{sym_name = "c6"}> : () -> ()
"llh.symbolic_int"() <{sym_name = "c4"}> : () -> ()
"llh.symbolic_int"() <{sym_name = "c2"}> : () -> ()
module @__symbol__ {
  // expected-error@+1 {{dimension mismatch: 6 vs 8}}
  "llh.symbol_binary_relation"() <{relation_kind = #llh.SymbolRelation<Mul>, relations_lhs = @c2, relations_rhs = @c4, symbol = @c6}> : () -> ()
}
