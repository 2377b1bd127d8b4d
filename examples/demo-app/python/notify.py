# How a Python service triggers notifications with novu-py: with a client made where it is
# used, and with one a function of the service returns.
import os

import novu_py
from novu_py import Novu

BILLING_RECEIPT = "billing-receipt"


def _client() -> Novu:
    return Novu(secret_key=os.environ.get("NOVU_SECRET_KEY", ""))


def announce_maintenance() -> None:
    with Novu(secret_key=os.environ.get("NOVU_SECRET_KEY", "")) as novu:
        novu.trigger(trigger_event_request_dto=novu_py.TriggerEventRequestDto(workflow_id="system-maintenance", to="ada"))


def send_receipt(subscriber_id: str, amount: int) -> None:
    with _client() as client:
        client.trigger(workflow_id=BILLING_RECEIPT, to={"subscriber_id": subscriber_id}, payload={"amount": amount})
