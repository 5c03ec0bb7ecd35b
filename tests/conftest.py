pytest_plugins = ["tests.support.backends"]
