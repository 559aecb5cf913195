"""Drives strata-server's admin console in a real browser: Debian's chromium, headless, through
chromium-driver and selenium (scripts/lib/ensure-browser.sh installs all three; selenium lives in
.build/browser-venv). AdminConsoleBrowserTests (Tests/ServerTests) runs it against a real
strata-server; by hand:

    .build/browser-venv/bin/python Tests/Browser/admin_console.py --base-url http://127.0.0.1:8080 \\
        --account root --password '…' --new-account bob --group nurses --artifacts /tmp/shots

Steps, each followed by a PNG screenshot in --artifacts:
 1. an anonymous visit to /admin/users lands on /admin/sign-in (the console redirects it);
 2. signs in through form#sign-in and lands on /admin (or the page that sent it to sign-in, its
    `next`) with the navigation;
 3. creates --new-account in --group through form#create-user and finds it in table#users;
 4. sends a push to --group through form#send-push and reads "sent to N device(s)" in p#flash;
 5. opens /admin/stats and finds svg#events-chart;
 6. browses the synced data: /admin/data, its first app version's table#types, the first type's
    table#objects, searched through form#search (--search), and its first object's table#fields
    and table#history;
 7. opens /admin/sessions, /admin/devices and /admin/administrators (table#sessions, #devices,
    #administrators);
 8. asks to delete --new-account from table#users: the button leads to /admin/confirm with
    p#question and form#confirm, and Cancel goes back with nothing deleted;
 9. at 375 px wide (a phone: chromium's device metrics through the driver; the pages run no
    script), visits every page above and checks that none scrolls sideways
    (document.documentElement.scrollWidth <= clientWidth), with a screenshot of each;
10. back at 1280 px, signs out through form#sign-out and lands on /admin/sign-in again.

The pages it relies on: /admin/sign-in has form#sign-in (account, password, a hidden csrf, a
submit button), which leads to /admin or to its ?next= page; signed-in pages have a <nav> linking /admin/users, groups, apps, push, logs and stats;
/admin/users has form#create-user (account, password, <select name=group>, <select name=role>
with member and lead, csrf) and table#users (one <tr> per user, the account in its first <td>);
/admin/push has form#send-push (<select name=group>, title, <textarea name=body>, csrf) and its
answer p#flash "sent to N device(s)"; /admin/stats has svg#events-chart; /admin/data links each
app version (table#data-apps), whose page links each type (table#types), whose page has
form#search (q) and table#objects linking each object, whose page has table#fields and
table#history; destructive buttons are GET forms to /admin/confirm; every signed-in page has
form#sign-out; errors are in #error.

Prints one JSON line (what it saw) and exits 0; on any failure prints one readable line to
standard error, keeps a screenshot of the page it was on (failure.png), and exits 1.
"""

import argparse
import json
import os
import re
import shutil
import sys
import tempfile
from urllib.parse import parse_qs, urlparse

# Selenium Manager never runs: the browser and the driver are given (and there is no network).
os.environ.setdefault("SE_OFFLINE", "true")

from selenium import webdriver  # noqa: E402
from selenium.common.exceptions import TimeoutException, WebDriverException  # noqa: E402
from selenium.webdriver.chrome.service import Service  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.support.ui import Select, WebDriverWait  # noqa: E402

NAVIGATION = [
    "/admin/users", "/admin/groups", "/admin/apps", "/admin/push", "/admin/logs", "/admin/stats", "/admin/data",
    "/admin/sessions", "/admin/devices", "/admin/administrators",
]
NARROW = (375, 800)  # a phone; the window itself is 1280 x 900
SENT = re.compile(r"sent to (\d+) device")


class StepFailed(Exception):
    """A step of the walk-through did not see what it expected."""


class Console:
    """One headless chromium on the console at base_url, screenshotting into artifacts."""

    def __init__(self, arguments):
        self.base = arguments.base_url.rstrip("/")
        self.artifacts = arguments.artifacts
        self.timeout = arguments.timeout
        self.screenshots = []
        self.step = "starting chromium"
        self.profile = tempfile.mkdtemp(prefix="strata-chromium-")
        options = webdriver.ChromeOptions()
        options.binary_location = arguments.chromium
        options.add_argument("--headless=new")
        if os.geteuid() == 0:
            options.add_argument("--no-sandbox")  # chromium's sandbox refuses to run as root
        options.add_argument(f"--user-data-dir={self.profile}")
        options.add_argument("--disable-dev-shm-usage")
        options.add_argument("--window-size=1280,900")
        options.add_argument("--lang=en-US")
        service = Service(executable_path=arguments.chromedriver)
        try:
            self.driver = webdriver.Chrome(service=service, options=options)
        except BaseException:
            shutil.rmtree(self.profile, ignore_errors=True)
            raise
        self.driver.set_page_load_timeout(self.timeout)

    def close(self):
        try:
            self.driver.quit()
        finally:
            shutil.rmtree(self.profile, ignore_errors=True)

    # Pages and waiting

    def open(self, path):
        self.driver.get(self.base + path)
        if self.find("#main-frame-error") is not None:  # chromium's own "can't reach" page
            code = self.find(".error-code")
            reason = code.text.strip() if code is not None else "no answer"
            raise StepFailed(f"chromium could not load {self.base + path}: {reason}")

    @property
    def path(self):
        return urlparse(self.driver.current_url).path

    def wait(self, what, condition):
        """Waits (at most --timeout seconds) for condition(driver) to be true."""
        try:
            return WebDriverWait(self.driver, self.timeout).until(condition)
        except TimeoutException:
            raise StepFailed(f"{what} (on {self.path}){self.error_text()}") from None

    def find(self, selector):
        found = self.driver.find_elements(By.CSS_SELECTOR, selector)
        return found[0] if found else None

    def require(self, selector, what):
        element = self.find(selector)
        if element is None:
            raise StepFailed(f"{what}: no {selector} on {self.path}{self.error_text()}")
        return element

    def error_text(self):
        error = self.find("#error")
        return f'; the page says "{error.text.strip()}"' if error is not None else ""

    def submit(self, form):
        """Clicks form's submit button and waits for the next page to replace this one."""
        button = form.find_element(By.CSS_SELECTOR, "button[type=submit], input[type=submit]")
        old = self.driver.find_element(By.TAG_NAME, "html")
        button.click()
        self.wait("the form's answer never loaded", lambda driver: is_stale(old))

    def viewport(self, size):
        """Makes the page a phone's viewport (width, height), or, with None, the window's again."""
        if size is None:
            self.driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
            return
        width, height = size
        self.driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
            "width": width, "height": height, "deviceScaleFactor": 1, "mobile": True})

    def sideways(self):
        """How many pixels the page scrolls sideways (0 when it fits its viewport)."""
        return self.driver.execute_script(
            "return document.documentElement.scrollWidth - document.documentElement.clientWidth")

    def click_link(self, selector, what):
        """Follows the first link matching selector; the path it led to."""
        link = self.require(selector, what)
        target = link.get_attribute("href")
        self.driver.get(target)
        return self.path

    def screenshot(self, name):
        path = os.path.join(self.artifacts, name)
        if not self.driver.save_screenshot(path):
            raise StepFailed(f"chromium could not save the screenshot {path}")
        self.screenshots.append(path)

    # Form fields

    def fill(self, form, name, value):
        field = form.find_elements(By.NAME, name)
        if not field:
            raise StepFailed(f"form#{form.get_attribute('id')} has no field named {name}")
        field[0].clear()
        field[0].send_keys(value)

    def choose(self, form, name, value):
        field = form.find_elements(By.CSS_SELECTOR, f"select[name={name}]")
        if not field:
            raise StepFailed(f"form#{form.get_attribute('id')} has no <select name={name}>")
        select = Select(field[0])
        for option in select.options:
            if option.get_attribute("value") == value or option.text.strip() == value:
                select.select_by_visible_text(option.text)
                return
        offered = [option.text.strip() for option in select.options]
        raise StepFailed(f"<select name={name}> offers no {value!r} (it offers {offered})")

    def require_csrf(self, form):
        token = form.find_elements(By.CSS_SELECTOR, "input[type=hidden][name=csrf]")
        if not token or not token[0].get_attribute("value"):
            raise StepFailed(f"form#{form.get_attribute('id')} has no hidden csrf token")


def is_stale(element):
    try:
        element.is_enabled()
        return False
    except WebDriverException:
        return True


def walk(console, arguments):
    """The ten steps; what they saw, for the JSON line."""
    seen = {}

    console.step = "anonymous visit"
    console.open("/admin/users")
    if console.path != "/admin/sign-in":
        raise StepFailed(f"an anonymous visit to /admin/users landed on {console.path}, not /admin/sign-in")
    form = console.require("form#sign-in", "the sign-in page")
    seen["anonymousLandedOn"] = console.path
    console.screenshot("01-anonymous-redirected-to-sign-in.png")

    console.step = "sign-in"
    console.require_csrf(form)
    console.fill(form, "account", arguments.account)
    console.fill(form, "password", arguments.password)
    # Signed in, the console goes back to the page that sent here (its `next`), else to /admin.
    expected = (parse_qs(urlparse(console.driver.current_url).query).get("next") or ["/admin"])[0]
    console.submit(form)
    if console.path != expected:
        raise StepFailed(f"signing in as {arguments.account} landed on {console.path}, not {expected}{console.error_text()}")
    navigation = console.require("nav", "the page after signing in")
    links = {urlparse(link.get_attribute("href") or "").path for link in navigation.find_elements(By.TAG_NAME, "a")}
    missing = [path for path in NAVIGATION if path not in links]
    if missing:
        raise StepFailed(f"the navigation on {console.path} has no link to {', '.join(missing)}")
    seen["signedInAt"] = console.path
    console.screenshot("02-signed-in.png")

    console.step = "create a user"
    console.open("/admin/users")
    form = console.require("form#create-user", "the users page")
    console.require_csrf(form)
    console.fill(form, "account", arguments.new_account)
    console.fill(form, "password", arguments.new_password)
    console.choose(form, "group", arguments.group)
    console.choose(form, "role", "member")
    console.submit(form)
    if console.find("#error") is not None:
        raise StepFailed(f"creating {arguments.new_account}{console.error_text()}")
    if console.path != "/admin/users":
        console.open("/admin/users")
    table = console.require("table#users", "the users page after creating a user")
    accounts = [cells[0].text.strip() for cells in
                (row.find_elements(By.TAG_NAME, "td") for row in table.find_elements(By.TAG_NAME, "tr")) if cells]
    if arguments.new_account not in accounts:
        raise StepFailed(f"table#users lists {accounts}, not the new {arguments.new_account}")
    seen["created"] = arguments.new_account
    seen["users"] = accounts
    console.screenshot("03-user-created.png")

    console.step = "send a push"
    console.open("/admin/push")
    form = console.require("form#send-push", "the push page")
    console.require_csrf(form)
    console.choose(form, "group", arguments.group)
    console.fill(form, "title", arguments.title)
    console.fill(form, "body", arguments.body)
    console.submit(form)
    flash = console.require("p#flash", "the push page after sending")
    match = SENT.search(flash.text)
    if match is None:
        raise StepFailed(f'p#flash says "{flash.text.strip()}", not "sent to N device(s)"')
    seen["flash"] = flash.text.strip()
    seen["devices"] = int(match.group(1))
    console.screenshot("04-push-sent.png")

    console.step = "stats"
    console.open("/admin/stats")
    console.require("svg#events-chart", "the stats page")
    seen["chart"] = True
    console.screenshot("05-stats.png")

    console.step = "browse the data"
    console.open("/admin/data")
    console.click_link("table#data-apps a", "the data page's app versions")
    console.require("table#types", "an app version's data page")
    console.screenshot("06-data-types.png")
    console.click_link("table#types a", "the app version's object types")
    objects_page = console.driver.current_url
    table = console.require("table#objects", "a type's objects page")
    seen["objects"] = len(table.find_elements(By.CSS_SELECTOR, "tbody tr"))
    form = console.require("form#search", "a type's objects page")
    console.fill(form, "q", arguments.search)
    console.submit(form)
    table = console.require("table#objects", "the objects page after searching")
    seen["found"] = len(table.find_elements(By.CSS_SELECTOR, "tbody tr"))
    console.screenshot("07-data-objects.png")
    console.driver.get(objects_page)
    console.click_link("table#objects a", "the type's objects")
    console.require("table#fields", "an object's page")
    console.require("table#history", "an object's page")
    seen["history"] = len(console.require("table#history", "an object's page").find_elements(By.CSS_SELECTOR, "tbody tr"))
    object_page = console.path + "?" + urlparse(console.driver.current_url).query
    console.screenshot("08-data-object.png")

    console.step = "sessions, devices, administrators"
    for number, (path, table) in enumerate(
            [("/admin/sessions", "table#sessions"), ("/admin/devices", "table#devices"),
             ("/admin/administrators", "table#administrators")], start=9):
        console.open(path)
        console.require(table, path)
        console.screenshot(f"{number:02d}-{path.rsplit('/', 1)[1]}.png")

    console.step = "confirm a deletion"
    console.open("/admin/users")
    button = console.require(
        f"table#users form[action='/admin/confirm'] input[name=account][value='{arguments.new_account}']",
        "the delete button of the new account")
    form = button.find_element(By.XPATH, "./ancestor::form")
    console.submit(form)
    if console.path != "/admin/confirm":
        raise StepFailed(f"the delete button led to {console.path}, not /admin/confirm")
    seen["question"] = console.require("p#question", "the confirmation page").text.strip()
    console.require("form#confirm", "the confirmation page")
    confirm_page = console.path + "?" + urlparse(console.driver.current_url).query
    console.screenshot("12-confirm-delete.png")
    console.click_link("form#confirm a", "the confirmation's Cancel")
    if arguments.new_account not in console.require("table#users", "the users page after cancelling").text:
        raise StepFailed(f"cancelling deleted {arguments.new_account}")

    console.step = "at 375 px wide"
    console.viewport(NARROW)
    wide = {}
    pages = ["/admin"] + NAVIGATION + [object_page, confirm_page, urlparse(objects_page).path + "?" + urlparse(objects_page).query]
    for number, path in enumerate(pages, start=1):
        console.open(path)
        console.require("nav", f"{path} at 375 px")
        overflow = console.sideways()
        if overflow > 0:
            wide[path] = overflow
        name = re.sub(r"[^a-z0-9]+", "-", urlparse(path).path.lower()).strip("-")
        console.screenshot(f"narrow-{number:02d}-{name}.png")
    if wide:
        raise StepFailed(f"at 375 px these pages scroll sideways (pixels): {wide}")
    seen["narrowPages"] = len(pages)
    console.viewport(None)

    console.step = "sign-out"
    console.open("/admin/stats")
    form = console.require("form#sign-out", "the stats page")
    console.submit(form)
    console.open("/admin")
    if console.path != "/admin/sign-in":
        raise StepFailed(f"after signing out, /admin landed on {console.path}, not /admin/sign-in")
    seen["signedOut"] = True
    console.screenshot("13-signed-out.png")
    return seen


def main():
    parser = argparse.ArgumentParser(description="Walks strata-server's admin console in headless chromium.")
    parser.add_argument("--base-url", required=True, help="the server, e.g. http://127.0.0.1:8080")
    parser.add_argument("--account", required=True, help="an administrator's account")
    parser.add_argument("--password", required=True, help="the administrator's password")
    parser.add_argument("--new-account", required=True, help="the account the console creates")
    parser.add_argument("--new-password", default="a password made in the browser", help="its password")
    parser.add_argument("--group", required=True, help="the new account's group, and the push's")
    parser.add_argument("--title", default="Ward round", help="the push's title")
    parser.add_argument("--body", default="Sent from the admin console", help="the push's text")
    parser.add_argument("--search", default="r", help="what to search the first type's objects for")
    parser.add_argument("--artifacts", required=True, help="the folder for the screenshots (created)")
    parser.add_argument("--chromium", default="/usr/bin/chromium", help="Debian's chromium")
    parser.add_argument("--chromedriver", default="/usr/bin/chromedriver", help="Debian's chromium-driver")
    parser.add_argument("--timeout", type=float, default=30, help="seconds to wait for a page")
    arguments = parser.parse_args()

    os.makedirs(arguments.artifacts, exist_ok=True)
    console = None
    try:
        console = Console(arguments)
        seen = walk(console, arguments)
    except StepFailed as failure:
        return fail(console, f"{console.step}: {failure}")
    except WebDriverException as failure:
        step = console.step if console else "starting chromium"
        return fail(console, f"{step}: chromium failed: {first_line(failure.msg or str(failure))}")
    except Exception as failure:  # anything else still ends in one readable line
        step = console.step if console else "starting chromium"
        return fail(console, f"{step}: {type(failure).__name__}: {first_line(failure)}")
    finally:
        if console is not None:
            console.close()
    seen["screenshots"] = console.screenshots
    print(json.dumps(seen, sort_keys=True))
    return 0


def first_line(text):
    lines = [line.strip() for line in str(text).splitlines() if line.strip()]
    return lines[0] if lines else "no message"


def fail(console, line):
    if console is not None:
        try:
            console.driver.save_screenshot(os.path.join(console.artifacts, "failure.png"))
        except WebDriverException:
            pass
    print(f"admin_console: {line}", file=sys.stderr)
    return 1


if __name__ == "__main__":
    sys.exit(main())
