"""Hypothesis profiles. `ci` (the default) is derandomized, so every run tries the same examples
and a failure in CI fails the same way on any machine; `dev` draws fresh examples on each run,
to search further: HYPOTHESIS_PROFILE=dev make test."""

import os

from hypothesis import HealthCheck, settings

settings.register_profile("ci", derandomize=True, deadline=None, print_blob=True,
                          suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("dev", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))
