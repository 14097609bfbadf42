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

class AICore_CrossCoreFlagOp<string mnemonic, string summaryText>
    : AICore_Op<mnemonic> {
  let summary = summaryText;
  let arguments = (ins AICore_PipeAttr:$pipe, I64Attr:$flag);
  let assemblyFormat = "$pipe `,` $flag attr-dict";
  let hasVerifier = 1;
}

def AICore_CrossCoreSetFlagOp : AICore_CrossCoreFlagOp<"cross_core_set_flag",
    "signals the other core of a MIX block once `pipe`'s work is done"> {
  let description = [{
    Cube <-> Vector synchronization inside one block of a MIX kernel (Ascend
    C `CrossCoreSetFlag<2, pipe>(flag)`, FFTS mode 2). Only valid inside an
    `aicore.on_core` region. Queued on `pipe` of the issuing core: when every
    earlier instruction of that pipe has finished, the flag's counter is
    raised. Set on the AIC, it raises the counter of both AIVs of the block;
    set on the AIVs, the AIC's counter rises once both AIVs have set it.
    Flag ids are 0-10 on A2/A3 (`numCrossCoreFlags` of the target table).
    Data handed over this way goes through GM (the separated cores share no
    on-chip memory), e.g. a Cube tile FIX-written to a workspace that the
    Vector cores then load.

    ```mlir
    aicore.on_core aic {
      aicore.copy %acc, %slot : ... to memref<..., #aicore.space<gm>>
      aicore.cross_core_set_flag fix, 0
    }
    ```
  }];
}

def AICore_CrossCoreWaitFlagOp
    : AICore_CrossCoreFlagOp<"cross_core_wait_flag",
    "holds `pipe` of this core until the other core set the flag"> {
  let description = [{
    Ascend C `CrossCoreWaitFlag<2, pipe>(flag)`: later instructions of `pipe`
    on the issuing core start only after the flag's counter is positive,
    which the wait decrements (one `cross_core_set_flag` of the AIC for each
    AIV, one of each AIV for the AIC). Only valid inside an `aicore.on_core`
    region. The kernel model (`ascend-aicore-estimate`) reports a wait no
    earlier set can satisfy as a deadlock, and an access to a GM buffer that
    the other core writes without a flag ordering them as a race.

    ```mlir
    aicore.on_core aiv {
      aicore.cross_core_wait_flag mte2, 0
      aicore.copy %slot, %tile : memref<..., #aicore.space<gm>> to ...
    }
    ```
  }];
}

#endif // ASCEND_DIALECT_AICORE_SYNC_OPS
