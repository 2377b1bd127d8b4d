// The accounts service, older than the rest of the app: still JavaScript, on the older @novu/node.
const { Novu } = require('@novu/node');

const novu = new Novu(process.env.NOVU_SECRET_KEY || '');

async function passwordReset(subscriberId, resetUrl) {
  await novu.trigger('password-reset', { to: { subscriberId }, payload: { resetUrl } });
}

async function mentions(author, reviewer) {
  await novu.bulkTrigger([
    { name: 'comment-mention', to: { subscriberId: author }, payload: {} },
    { name: 'comment-mention', to: { subscriberId: reviewer }, payload: {} },
  ]);
}

module.exports = { passwordReset, mentions };
