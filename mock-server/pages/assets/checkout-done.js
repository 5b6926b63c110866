/* global window, document */
// The plan is already active on the server; these messages only tell the app to re-read it.
(function () {
  var data = document.getElementById('purchase');
  if (!data || !window.opener || window.opener === window) return;
  var targetOrigin = data.getAttribute('data-target-origin');
  var amount = Number(data.getAttribute('data-amount'));
  window.opener.postMessage({ type: 'success' }, targetOrigin);
  window.opener.postMessage(
    {
      type: 'purchase-success',
      amount: amount,
      currency: 'USD',
      planId: data.getAttribute('data-plan'),
    },
    targetOrigin,
  );
  window.setTimeout(function () {
    window.close();
  }, 1500);
})();
