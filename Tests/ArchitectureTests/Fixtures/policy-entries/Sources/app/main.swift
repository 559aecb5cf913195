import App
import FixturesTesting
