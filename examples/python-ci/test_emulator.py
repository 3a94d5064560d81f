"""A CI test in Python (standard library only) against the platform emulator (docs/ci.md).

    EMULATOR_URL=http://127.0.0.1:4100 python3 -m unittest test_emulator.py

It signs in through the sign-in form as a browser does, writes with the XSRF-TOKEN cookie
echoed in the X-XSRF-TOKEN header, reads the write back, and checks that a call without a
session answers 401.
"""

import http.cookiejar
import json
import os
import re
import unittest
import urllib.error
import urllib.parse
import urllib.request

BASE = os.environ.get("EMULATOR_URL", "http://127.0.0.1:4100").rstrip("/")
# The persona of seed.json, the project's own seed.
PERSONA = os.environ.get("EMULATOR_PERSONA", "usr-olga-000001")
API = BASE + "/identity-service/api/v1"


class Browser:
    """Cookies kept between calls, redirects followed: what a browser does for a form."""

    def __init__(self):
        self.cookies = http.cookiejar.CookieJar()
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(self.cookies))

    def cookie(self, name):
        return next((c.value for c in self.cookies if c.name == name), None)

    def call(self, method, url, body=None, headers=None):
        """(status, text) of a call; a JSON body is sent as JSON."""
        data = None
        headers = dict(headers or {})
        if isinstance(body, dict):
            data = json.dumps(body).encode()
            headers["Content-Type"] = "application/json"
        elif isinstance(body, str):
            data = body.encode()
            headers["Content-Type"] = "application/x-www-form-urlencoded"
        request = urllib.request.Request(url, data=data, method=method, headers=headers)
        try:
            with self.opener.open(request, timeout=30) as response:
                return response.status, response.read().decode()
        except urllib.error.HTTPError as error:
            return error.code, error.read().decode()

    def sign_in(self, persona):
        # The sign-in page sets a login cookie and carries the same token in its form.
        status, page = self.call("GET", BASE + "/identity-service/home")
        if status != 200:
            raise AssertionError(f"sign-in page answered {status}: {page[:200]}")
        xsrf = re.search(r'name="xsrf" value="([^"]+)"', page).group(1)
        form = urllib.parse.urlencode({"persona": persona, "xsrf": xsrf})
        return self.call("POST", BASE + "/identity-service/login", form)

    def xsrf_header(self):
        """The XSRF-TOKEN cookie, echoed as the header every write of a session needs."""
        return {"X-XSRF-TOKEN": urllib.parse.unquote(self.cookie("XSRF-TOKEN") or "")}


class EmulatorTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.browser = Browser()
        cls.status, cls.landing = cls.browser.sign_in(PERSONA)

    def test_sign_in_through_the_form_gives_a_session_as_the_seeded_persona(self):
        self.assertEqual(self.status, 200, self.landing[:200])
        self.assertIsNotNone(self.browser.cookie("ICS_SESSION"))
        status, text = self.browser.call("GET", API + "/CurrentUserInfo")
        self.assertEqual(status, 200, text[:200])
        self.assertEqual(json.loads(text)["displayName"], "Olga Orders")

    def test_a_write_with_the_xsrf_header_is_read_back(self):
        key = "PythonCi.lastRun"
        preferences = f"{API}/Users({PERSONA})/Preferences"
        status, text = self.browser.call(
            "POST",
            preferences,
            {"fullyQualifiedName": key, "value": "green"},
            self.browser.xsrf_header(),
        )
        self.assertIn(status, (200, 201), text[:200])
        status, text = self.browser.call(
            "GET", preferences + "?" + urllib.parse.urlencode({"fullyQualifiedName": key})
        )
        self.assertEqual(status, 200, text[:200])
        values = [p["value"] for p in json.loads(text)["value"] if p["fullyQualifiedName"] == key]
        self.assertEqual(values, ["green"])

    def test_a_write_without_the_xsrf_header_is_refused(self):
        status, text = self.browser.call(
            "POST",
            f"{API}/Users({PERSONA})/Preferences",
            {"fullyQualifiedName": "PythonCi.refused", "value": "no"},
        )
        self.assertEqual(status, 403, text[:200])

    def test_a_call_without_a_session_answers_401(self):
        status, text = Browser().call("GET", API + "/CurrentUserInfo")
        self.assertEqual(status, 401, text[:200])


if __name__ == "__main__":
    unittest.main()
