"""pytest setup for the Python binding's tests: hypothesis runs a fixed number of
examples, derandomised, so that `make test` is reproducible and its time bounded."""
import os

from hypothesis import HealthCheck, settings

settings.register_profile(
    "nd", max_examples=int(os.environ.get("ND_HYPOTHESIS_EXAMPLES", "40")), deadline=None,
    derandomize=True, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
settings.load_profile("nd")
