//===- AICoreSyncOps.td - cross-pipe synchronization -------*- tablegen -*-===//
#ifndef ASCEND_DIALECT_AICORE_SYNC_OPS
#define ASCEND_DIALECT_AICORE_SYNC_OPS

include "ascend/Dialect/AICore/IR/AICoreDialect.td"
include "ascend/Dialect/AICore/IR/AICoreEnums.td"

class AICore_FlagOp<string mnemonic, string summaryText>
    : AICore_Op<mnemonic> {
  let summary = summaryText;
  let arguments = (ins AICore_PipeAttr:$from, AICore_PipeAttr:$to,
                       I64Attr:$event);
  let assemblyFormat = "$from `->` $to `,` $event attr-dict";
  let hasVerifier = 1;
}

def AICore_SetFlagOp : AICore_FlagOp<"set_flag",
    "signals pipe `to` once the work queued on pipe `from` is done"> {
  let description = [{
    Queued on pipe `from`: when every earlier instruction of `from` has
    finished, sets event `event` (0-7) of the pair (`from`, `to`). The two
    pipes differ (use a pipe barrier within one pipe).

    ```mlir
    aicore.set_flag mte2 -> mte1, 0
    ```
  }];
}

def AICore_WaitFlagOp : AICore_FlagOp<"wait_flag",
    "holds pipe `to` until the matching set_flag has fired"> {
  let description = [{
    Queued on pipe `to`: later instructions of `to` start only after the
    `aicore.set_flag` of the same (`from`, `to`, `event`) has fired; the wait
    consumes the flag.

    ```mlir
    aicore.wait_flag mte2 -> mte1, 0
    ```
  }];
}

#endif // ASCEND_DIALECT_AICORE_SYNC_OPS
