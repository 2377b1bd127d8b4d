# How a Python service triggers notifications with novu-py.
import os

import novu_py
from novu_py import Novu

BILLING_RECEIPT = "billing-receipt"

with Novu(secret_key=os.environ.get("NOVU_SECRET_KEY", "")) as novu:
    novu.trigger(trigger_event_request_dto=novu_py.TriggerEventRequestDto(workflow_id="system-maintenance", to="ada"))
    novu.trigger(workflow_id=BILLING_RECEIPT, to={"subscriber_id": "ada"}, payload={"amount": 42})
