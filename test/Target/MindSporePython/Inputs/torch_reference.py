"""PyTorch's side of the MindSpore Cell checks (run with /usr/bin/python3).

    torch_reference.py MODEL.py OUT.npz [--lr LR] [--unseen-from OTHER.py]

Runs MODEL.py's make() (model, runs) eagerly and saves to OUT.npz, as float32 /
int64 / bool arrays:
  state/<name>             every state_dict entry (parameters and buffers)
  dtypes                   the torch dtype of each input (JSON)
  trainable                the names of the parameters that require grad
  run<i>/in<j>, run<i>/out<k>   inputs and outputs of each recorded run
  run<i>/grad/<name>       autograd's gradient of loss = sum of the run's
                           floating-point outputs (each summed) w.r.t. every
                           trainable parameter (zeros where it does not reach)
  sgd/<name>               every trainable parameter after one
                           torch.optim.SGD(lr=LR) step on run 0's loss
  unseen/state/<name>, unseen/in<j>   the weights and inputs of a run that
                           takes a path no recorded run took: MODEL.py's
                           unseen_input() -> (model, inputs), or OTHER.py's
                           make() (its first run)
"""
import argparse
import importlib.util
import json
import sys

import numpy as np
import torch


def load(path):
    spec = importlib.util.spec_from_file_location("model_under_test", path)
    module = importlib.util.module_from_spec(spec)
    sys.modules["model_under_test"] = module
    spec.loader.exec_module(module)
    return module


def flatten(outputs):
    if isinstance(outputs, torch.Tensor):
        return [outputs]
    flat = []
    for o in outputs:
        flat.extend(flatten(o))
    return flat


DTYPES = {}


def as_numpy(t, key=None):
    """float16 stays float16; bfloat16 becomes float32 (exactly), its dtype
    noted in `dtypes` under `key`."""
    t = t.detach()
    if key is not None:
        DTYPES[key] = str(t.dtype).replace("torch.", "")
    if t.dtype == torch.bfloat16:
        t = t.float()
    return t.numpy().copy()


def loss_of(outputs):
    terms = [o.sum() for o in outputs if o.is_floating_point() and o.requires_grad]
    return sum(terms) if terms else None


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("model")
    parser.add_argument("out")
    parser.add_argument("--lr", type=float, default=0.1)
    parser.add_argument("--unseen-from")
    args = parser.parse_args()
    module = load(args.model)
    model, runs = module.make()
    params = dict(model.named_parameters())
    trainable = [n for n, p in params.items() if p.requires_grad]
    data = {"state/" + n: as_numpy(v) for n, v in model.state_dict().items()}
    data["trainable"] = np.array(json.dumps(trainable))
    for i, run in enumerate(runs):
        inputs = [x.clone() if isinstance(x, torch.Tensor) else x for x in run]
        for j, x in enumerate(run):
            data[f"run{i}/in{j}"] = as_numpy(x, f"run{i}/in{j}")
        model.zero_grad(set_to_none=True)
        outputs = flatten(model(*inputs))
        for k, o in enumerate(outputs):
            data[f"run{i}/out{k}"] = as_numpy(o)
        loss = loss_of(outputs)
        if loss is not None:
            loss.backward()
        for n in trainable:
            g = params[n].grad
            data[f"run{i}/grad/{n}"] = (as_numpy(g) if g is not None
                                        else np.zeros(params[n].shape, np.float32))
    # One SGD step on run 0, from the weights make() gives.
    model, runs = module.make()
    params = dict(model.named_parameters())
    if trainable:
        optimizer = torch.optim.SGD([params[n] for n in trainable], lr=args.lr)
        optimizer.zero_grad()
        loss = loss_of(flatten(model(*[x.clone() for x in runs[0]])))
        if loss is not None:
            loss.backward()
        optimizer.step()
    for n in trainable:
        data["sgd/" + n] = as_numpy(params[n])
    unseen = None
    if args.unseen_from:
        other, other_runs = load(args.unseen_from).make()
        unseen = (other, other_runs[0])
    elif hasattr(module, "unseen_input"):
        unseen = module.unseen_input()
    if unseen is not None:
        other, inputs = unseen
        for n, v in other.state_dict().items():
            data["unseen/state/" + n] = as_numpy(v)
        for j, x in enumerate(inputs):
            data[f"unseen/in{j}"] = as_numpy(x, f"unseen/in{j}")
    data["dtypes"] = np.array(json.dumps(DTYPES))
    np.savez(args.out, **data)


if __name__ == "__main__":
    main()
