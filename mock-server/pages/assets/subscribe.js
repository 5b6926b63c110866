/* global window, document */
// Choosing a plan hands the checkout URL to the app (its opener, or its parent when framed); the app opens it.
(function () {
  var plans = document.getElementById('plans');
  if (!plans) return;
  var targetOrigin = plans.getAttribute('data-target-origin');
  var framed = window.parent && window.parent !== window;
  var app =
    window.opener && window.opener !== window ? window.opener : framed ? window.parent : null;
  plans.addEventListener('click', function (event) {
    var button = event.target.closest('.choose-plan');
    if (!button) return;
    var url = button.getAttribute('data-checkout-url');
    if (app && targetOrigin) app.postMessage({ type: 'checkout-redirect', url: url }, targetOrigin);
    else window.location.assign(url);
  });
})();
