"""A `for` loop whose `if ...: continue` takes the other side on the last trip
in one recorded run and never in another (generated programs 130, 350 and 742,
reduced): the first run's last trip runs `tanh` after the test, the second
leaves the loop after it. The test is an `if` inside the body, not an exit:
the runs were refused ("run 1 diverges from run 0 without a branch event").
make_fresh() holds the recorded inputs, one more of each kind, and one that
takes the `tanh` side on trip 3, which no recorded run did."""
from continue_on_last_trip import _input, _model  # the loop of program 717


def make():
    # Trips: continue x4 then tanh; continue x5.
    return _model(), [_input(717002, 2.0, 0.5), _input(717600, 1.0, 2.0)]


def make_fresh():
    # The recorded inputs, then continue x4 then tanh; continue, continue, tanh x3;
    # continue x5.
    return _model(), [_input(717002, 2.0, 0.5), _input(717600, 1.0, 2.0),
                      _input(717605, 1.0, 2.0), _input(717606, 1.0, 2.0),
                      _input(717608, 1.0, 2.0)]
