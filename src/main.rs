fn main() {
    sudoku_web::start();
}
