/**
 * The Python scanner (issue 25, `novu-py`): each trigger pattern found with its identifier's place,
 * only for a client of `novu_py`, and a module constant followed as TypeScript's `const` is
 * (issue 37: annotated and `Final` too; a name the text does not settle is not followed).
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { scanJavaScript, scanPython, scannerFor, type CodeRef } from '../../../src/scan';

const at = (text: string, ref: CodeRef) => text.slice(ref.start, ref.end);
const brief = (text: string, refs: CodeRef[]) => refs.map((r) => `${r.kind}:${r.pattern}:${r.identifier}:${at(text, r)}`);

describe('the Python scanner', () => {
  it('finds TriggerEventRequestDto and novu.trigger with workflow_id, and follows a module constant', () => {
    const text = `
import novu_py
from novu_py import Novu
WELCOME = "welcome"
# novu.trigger(workflow_id="in-a-comment")
doc = """novu.trigger(workflow_id="in-a-docstring")"""
with Novu(secret_key="…") as novu:
    novu.trigger(trigger_event_request_dto=novu_py.TriggerEventRequestDto(workflow_id="order-shipped", to="ada"))
    novu.trigger(workflow_id=WELCOME, to={"subscriber_id": "ada"})
    novu.trigger(workflow_id=f"templated-{x}", to="ada")
    other.trigger(name="unrelated")
    other.trigger(workflow_id="not-a-client", to="ada")
`;
    assert.deepEqual(brief(text, scanPython(text)), ['trigger:python-dto:order-shipped:order-shipped', 'trigger:python-trigger:welcome:WELCOME']);
  });

  it('follows a module constant however it is written: plain, annotated, Final, typing.Final[str]', () => {
    const text = `
import typing
from typing import Final
from novu_py import Novu
PLAIN = 'c-plain'
ANNOTATED: str = "c-annotated"
FINAL: Final = "c-final"
FINAL_STR: Final[str] = "c-final-str"
QUALIFIED: typing.Final[str] = "c-qualified"
novu = Novu(secret_key="x")
def send():
    novu.trigger(workflow_id=PLAIN, to="ada")
    novu.trigger(workflow_id=ANNOTATED, to="ada")
    novu.trigger(workflow_id=FINAL, to="ada")
    novu.trigger(workflow_id=FINAL_STR, to="ada")
    novu.trigger(workflow_id=QUALIFIED, to="ada")
`;
    assert.deepEqual(brief(text, scanPython(text)), ['PLAIN', 'ANNOTATED', 'FINAL', 'FINAL_STR', 'QUALIFIED'].map((name) => `trigger:python-trigger:c-${name.toLowerCase().replace('_', '-')}:${name}`));
    assert.ok(scanPython(text).every((ref) => !ref.literal), 'the name is not the literal: no quick fix replaces it');
  });

  it('follows no name whose value the text does not settle: indented, given twice, or more than a string', () => {
    const text = `
from novu_py import Novu
TWICE = "first"
TWICE = "second"
LATER = "a-string"
LATER = compute()
JOINED = "order-" + kind
METHOD = "order-shipped".upper()
IMPLICIT = "order-" "shipped"
SAME = "same"
SAME = "same"
novu = Novu(secret_key="x")
def send():
    local = "in-a-function"
    novu.trigger(workflow_id=local, to="ada")
    novu.trigger(workflow_id=TWICE, to="ada")
    novu.trigger(workflow_id=LATER, to="ada")
    novu.trigger(workflow_id=JOINED, to="ada")
    novu.trigger(workflow_id=METHOD, to="ada")
    novu.trigger(workflow_id=IMPLICIT, to="ada")
    novu.trigger(workflow_id=SAME, to="ada")
`;
    assert.deepEqual(scanPython(text).map((r) => r.identifier), ['same'], 'only a name given one string, at the module level');
  });

  it('marks only a novu_py client: assigned, a field, a parameter, renamed, or the SDK imported nowhere', () => {
    const text = `
from novu_py import Novu as Client, TriggerEventRequestDto as Dto
import novu_py as sdk
client = Client(secret_key="x")
class Notifier:
    def __init__(self):
        self.novu = sdk.Novu(secret_key="x")
    def send(self):
        self.novu.trigger(workflow_id="p-field", to="ada")
def send(novu: Client):
    novu.trigger(workflow_id="p-param", to="ada")
client.trigger(workflow_id="p-assigned", to="ada")
Client(secret_key="x").trigger(workflow_id="p-direct", to="ada")
client.trigger(trigger_event_request_dto=Dto(workflow_id="p-dto", to="ada"))
events.trigger(workflow_id="not-novu", to="ada")
`;
    assert.deepEqual(scanPython(text).map((r) => r.identifier), ['p-field', 'p-param', 'p-assigned', 'p-direct', 'p-dto']);
    const none = 'novu.trigger(workflow_id="welcome", to="ada")\nTriggerEventRequestDto(workflow_id="welcome", to="ada")\n';
    assert.deepEqual(scanPython(none), [], 'no novu_py import: nothing is Novu');
  });

  it('marks a client a function of the file returns: -> Novu, "Novu", novu_py.Novu, Optional[Novu], Novu | None (issue 45, C)', () => {
    const text = `
import os
from typing import Iterator, Optional, Union
import typing
from contextlib import contextmanager
import novu_py
from novu_py import Novu
ORDER_SHIPPED = "order-shipped"
def _client() -> Novu:
    return Novu(secret_key=os.environ["NOVU_SECRET_KEY"])
def quoted() -> "Novu":
    return Novu(secret_key="x")
def qualified(region: str) -> novu_py.Novu:
    return novu_py.Novu(secret_key="x")
def optional() -> Optional[Novu]:
    return None
def union() -> Union[None, "novu_py.Novu"]:
    return None
async def piped() -> Novu | None:
    return None
@contextmanager
def session() -> Iterator[Novu]:
    with Novu(secret_key="x") as novu:
        yield novu
def send_order_shipped(order) -> None:
    with _client() as novu:
        novu.trigger(workflow_id=ORDER_SHIPPED, to=order.customer_id, payload={})
    assigned = quoted()
    assigned.trigger(workflow_id="f-assigned", to="ada")
    qualified("eu").trigger(workflow_id="f-direct", to="ada")
    maybe = optional()
    maybe.trigger(workflow_id="f-optional", to="ada")
    either = union()
    either.trigger(workflow_id="f-union", to="ada")
    with session() as managed:
        managed.trigger(workflow_id="f-contextmanager", to="ada")
async def later():
    awaited = await piped()
    awaited.trigger(workflow_id="f-awaited", to="ada")
def annotated(novu: typing.Optional[Novu] = None, other: "Novu | None" = None):
    novu.trigger(workflow_id="f-param", to="ada")
    other.trigger(workflow_id="f-param-quoted", to="ada")
class Notifier:
    def __init__(self):
        self.client = self._make()
    def _make(self) -> Novu:
        return Novu(secret_key="x")
    @property
    def lazy(self) -> Novu:
        return Novu(secret_key="x")
    def send(self):
        self.client.trigger(workflow_id="f-field", to="ada")
        self.lazy.trigger(workflow_id="f-property", to="ada")
`;
    assert.deepEqual(brief(text, scanPython(text)), [
      'trigger:python-trigger:order-shipped:ORDER_SHIPPED',
      ...['assigned', 'direct', 'optional', 'union', 'contextmanager', 'awaited', 'param', 'param-quoted', 'field', 'property'].map((name) => `trigger:python-trigger:f-${name}:f-${name}`),
    ]);
  });

  it('marks nothing that nothing shows is a Novu: a Celery task, a webhook client, another annotation, no annotation', () => {
    // Each a client's name only if its function were taken for a Novu's.
    const assigned = { either: 'Union[Novu, WebhookClient]', piped: 'Novu | WebhookClient', many: 'list[Novu]', unannotated: 'none', twice: 'two annotations', iterated: 'Iterator[Novu] outside with' };
    const text = `
from typing import Iterator, Optional, Union
from novu_py import Novu
from celery import shared_task
from hooks import WebhookClient
@shared_task
def notify(workflow_id):
    pass
def webhooks() -> WebhookClient:
    return WebhookClient()
def maybe_hooks() -> Optional[WebhookClient]:
    return None
def either() -> Union[Novu, WebhookClient]:
    return WebhookClient()
def piped() -> Novu | WebhookClient:
    return WebhookClient()
def many() -> list[Novu]:
    return []
def unannotated():
    return Novu(secret_key="x")
def twice() -> Novu:
    return Novu(secret_key="x")
class Other:
    def twice(self) -> WebhookClient:
        return WebhookClient()
def iterated() -> Iterator[Novu]:
    yield Novu(secret_key="x")
notify.trigger(workflow_id="n-celery")
with webhooks() as hooks:
    hooks.trigger(workflow_id="n-webhook", to="ada")
maybe_hooks().trigger(workflow_id="n-optional-other")
${Object.keys(assigned).map((factory) => `from_${factory} = ${factory}()\nfrom_${factory}.trigger(workflow_id="n-${factory}")\n`).join('')}elsewhere.webhooks_factory().trigger(workflow_id="n-other-module")
other_module._client().trigger(workflow_id="n-other-object")
`;
    assert.deepEqual(scanPython(text), []);
    const noSdk = 'def _client() -> Novu:\n    return Novu()\nwith _client() as novu:\n    novu.trigger(workflow_id="welcome")\n';
    assert.deepEqual(scanPython(noSdk), [], 'a Novu that novu_py does not give is not the client');
  });

  it('picks the scanner by language', () => {
    assert.equal(scannerFor('typescriptreact'), scanJavaScript);
    assert.equal(scannerFor('python'), scanPython);
    assert.equal(scannerFor('markdown'), undefined);
  });
});
