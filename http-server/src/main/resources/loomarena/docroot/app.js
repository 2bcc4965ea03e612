document.addEventListener('DOMContentLoaded', () => {
  document.querySelectorAll('tbody tr').forEach((row, i) => { if (i % 2) row.style.background = '#f6f6f6'; });
});
