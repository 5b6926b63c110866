import { mountApp } from './app/mount';

const root = document.getElementById('root');
if (root) mountApp(root);
else console.error('Root element not found');
