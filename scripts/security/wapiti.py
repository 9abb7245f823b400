"""Runs Debian's wapiti (3.0.4) for scripts/scan-security.ts, with seven changes.

- Only the modules named with -m are loaded. wapiti instantiates every module before choosing, and
  its `wapp` module then downloads its database from the web: a scan must never call out.
- Python 3.11 refuses the --exclude patterns wapiti builds (`pattern + r"\\Z(?ms)"`: "global flags
  not at the start of the expression"), so any -x crashed the crawl; the same regex with its flags
  first replaces it when the installed copy still has the bug.
- `--sample PREFIXES --sample-size N` (ours, removed before wapiti reads the arguments): under each
  comma-separated path prefix the crawl keeps the first N pages only. Hundreds of pages rendered by
  one template would otherwise use up every module's time limit.
- `--no-cookies` (ours too): the crawler keeps no cookie, so a signed-out scan stays signed out
  after it has posted the sign-up form (which signs the new account in).
- Each attack module gets forms first (most fields first), then links with parameters, then the
  rest, and a request that differs from an earlier one only in its values (a search with other
  words, a form with a fresh idempotency key per render) once. A module stopped by its time limit
  has then attacked what takes input, not thirty copies of the search page.
- --max-attack-time holds within a page too (wapiti checks it only between pages, and one form of
  seven echoed fields takes minutes of XSS payloads on a busy machine): past the limit the module's
  next request ends the module, its findings kept. `--attack-seconds xss=150,exec=45` (ours) sets
  the limit per module; the others keep --max-attack-time.
- `--xss-payloads N` (ours): the xss module tries the first N of its payloads for each place a field
  is echoed (an attribute, a script, text) instead of all of them, about 80 on a form page. Each
  place's first payloads are the plain ones; the rest are ways around filters this app does not
  have. A short run then reaches many fields instead of one form. 0 keeps them all.
"""

import http.cookiejar
import importlib
import re
import sys
import time
from urllib.parse import urlparse

import wapitiCore.net.crawler as crawler
from wapitiCore.attack import attack
from wapitiCore.net import xss_utils
from wapitiCore.net.sqlite_persister import SqlitePersister


def wildcard_translate(pattern):
    body = "".join(".*" if char == "*" else re.escape(char) for char in pattern)
    return re.compile("(?ms)" + body + r"\Z")


try:
    crawler.wildcard_translate("/probe*")
except re.error:
    crawler.wildcard_translate = wildcard_translate


def take(args, flag):
    """Removes `flag VALUE` from args and returns VALUE (None when absent)."""
    if flag not in args:
        return None
    i = args.index(flag)
    value = args[i + 1] if i + 1 < len(args) else None
    del args[i : i + 2]
    return value


args = sys.argv[1:]
prefixes = [p for p in (take(args, "--sample") or "").split(",") if p]
size = int(take(args, "--sample-size") or 3)
no_cookies = "--no-cookies" in args
if no_cookies:
    args.remove("--no-cookies")

wanted = None
for i, arg in enumerate(args):
    if arg in ("-m", "--module") and i + 1 < len(args):
        wanted = {name.strip() for name in args[i + 1].split(",") if name.strip()}
if not wanted:
    sys.exit("scripts/security/wapiti.py: name the modules with -m (never every module)")
attack.modules[:] = [m for m in attack.modules if m[len("mod_") :] in wanted]


def shape(request):
    """A request without its values: method, path and the names of its parameters (a form's fields
    only: /auth?redirectTo=/x and /auth post the same sign-in form)."""
    return (
        request.method,
        request.path,
        () if request.method == "POST" else tuple(sorted(name for name, _ in request.get_params)),
        tuple(sorted(name for name, _ in request.post_params)),
        tuple(sorted(name for name, _ in request.file_params)),
    )


kept = {prefix: set() for prefix in prefixes}
first_form = {}
in_scope = crawler.Crawler.is_in_scope


def sampled_in_scope(self, resource):
    if not in_scope(self, resource):
        return False
    if not isinstance(resource, str) and resource.method == "POST":
        # One form per shape: the premium pages render their subscribe form with a new idempotency
        # key each time, and each copy would be crawled (and posted) as a new form.
        key = shape(resource)
        values = (tuple(resource.get_params), tuple(resource.post_params))
        return first_form.setdefault(key, values) == values
    path = urlparse(resource if isinstance(resource, str) else resource.url).path
    for prefix in prefixes:
        if path.startswith(prefix) and path != prefix:
            seen = kept[prefix]
            if path not in seen and len(seen) >= size:
                return False
            seen.add(path)
    return True


crawler.Crawler.is_in_scope = sampled_in_scope

if no_cookies:
    crawler_init = crawler.Crawler.__init__

    def cookieless_init(self, *a, **k):
        crawler_init(self, *a, **k)
        # No domain is allowed to set a cookie.
        self._session.cookies.set_policy(http.cookiejar.DefaultCookiePolicy(allowed_domains=[]))

    crawler.Crawler.__init__ = cookieless_init


class TimeUp(BaseException):
    """Past the module's time. A BaseException, so that no module's `except Exception` swallows it."""


attack_seconds = 0.0
for i, arg in enumerate(args):
    if arg == "--max-attack-time" and i + 1 < len(args):
        attack_seconds = float(args[i + 1])
seconds_of = {}
for pair in (take(args, "--attack-seconds") or "").split(","):
    if "=" in pair:
        module_name, seconds = pair.split("=", 1)
        seconds_of[module_name.strip()] = float(seconds)
module_deadline = [None]


def bounded(original):
    def attack(self):
        seconds = seconds_of.get(self.name, attack_seconds)
        module_deadline[0] = time.monotonic() + seconds if seconds >= 1 else None
        try:
            yield from original(self)
        except TimeUp:
            # The sentence wapiti prints when it stops a module between pages.
            print("Max attack time was reached for module {0}, stopping.".format(self.name))
        finally:
            module_deadline[0] = None

    return attack


for name in attack.modules:
    module_class = getattr(importlib.import_module("wapitiCore.attack." + name), name)
    module_class.attack = bounded(module_class.attack)


def checked(method):
    def call(self, *a, **k):
        if module_deadline[0] is not None and time.monotonic() > module_deadline[0]:
            raise TimeUp()
        return method(self, *a, **k)

    return call


for method in ("get", "post", "request"):
    setattr(crawler.Crawler, method, checked(getattr(crawler.Crawler, method)))

xss_payloads = int(take(args, "--xss-payloads") or 0)
if xss_payloads > 0:
    import wapitiCore.attack.mod_xss as mod_xss

    def first_payloads(html_code, code, payload_file):
        # wapiti's generate_payloads, keeping the first N per echo context.
        payloads = xss_utils.load_payloads_from_ini(payload_file)
        chosen = []
        for context in xss_utils.get_context_list(html_code, code):
            taken = 0
            for payload in xss_utils.apply_context(context, payloads, code):
                if taken >= xss_payloads:
                    break
                if payload not in chosen:
                    chosen.append(payload)
                    taken += 1
        return chosen

    mod_xss.generate_payloads = first_payloads

links_of = SqlitePersister.get_links
forms_of = SqlitePersister.get_forms
handed_out = set()


def unique(requests):
    seen = set()
    for request in requests:
        if shape(request) not in seen:
            seen.add(shape(request))
            yield request


def announce(module, requests):
    # Read by scripts/security/findings.ts: how many requests the module has, how many with input
    # (forms, links with parameters: the others give it nothing to change, and cost no time).
    with_input = sum(1 for r in requests if r.get_params or r.post_params or r.file_params)
    print("[scan] {0}: {1} requests to attack, {2} with parameters".format(module, len(requests), with_input))
    return requests


def get_links(self, path=None, attack_module=""):
    if path or not attack_module:
        yield from links_of(self, path=path, attack_module=attack_module)
        return
    if attack_module == "permanentxss":
        # Its "links" are the pages it reads back for payloads stored by the xss module.
        yield from announce(attack_module, list(unique(links_of(self, attack_module=attack_module))))
        return
    # Modules read get_links() to the end before get_forms(): the forms come first from here, and
    # get_forms() then has nothing left to give that module.
    handed_out.add(attack_module)
    links = list(unique(links_of(self, attack_module=attack_module)))
    forms = list(unique(forms_of(self, attack_module=attack_module)))
    forms.sort(key=lambda form: -len(form.post_params))
    yield from announce(
        attack_module,
        forms + [link for link in links if link.get_params] + [link for link in links if not link.get_params],
    )


def get_forms(self, attack_module=""):
    if not attack_module:
        yield from forms_of(self)
    elif attack_module not in handed_out:
        yield from announce(attack_module, list(unique(forms_of(self, attack_module=attack_module))))


SqlitePersister.get_links = get_links
SqlitePersister.get_forms = get_forms

from wapitiCore.main.wapiti import wapiti_main  # noqa: E402

# wapiti reads its own options only; ours were taken out of `args` above.
sys.argv[1:] = args
sys.exit(wapiti_main())
